package dev.lakeops.table.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.TestTables;
import dev.lakeops.table.commit.PartitionFilter;
import dev.lakeops.table.io.ForwardingFileIO;
import dev.lakeops.table.io.LocalFileIO;
import dev.lakeops.table.meta.CorruptManifestException;
import dev.lakeops.table.write.CompactionMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scan plan on a store reads its manifests in parallel ({@code scan.manifest.parallelism}) and
 * folds them in list order: the plan is the one the sequential read gives, a compaction's DELETE
 * entries included, and a manifest that does not decode fails the plan by name.
 */
class ParallelManifestReadTest {

  @TempDir Path dir;
  private Table local;

  /** Twelve commits (a manifest each) and a full compaction that deletes every file they added. */
  @BeforeEach
  void writeManyManifests() {
    local =
        TestTables.orders(
            TestTables.warehouse(dir), "orders", Map.of("manifest.merge-min-count", "1000"));
    for (int i = 1; i <= 12; i++) {
      TestTables.commit(
          local,
          i,
          List.of(
              TestTables.order("2024-01-0" + (1 + i % 3), i % 5, "v" + i, i * 1.0),
              TestTables.order("2024-01-0" + (1 + (i + 1) % 3), i, "w" + i, null)));
    }
    local.compact("compactor", PartitionFilter.all(), CompactionMode.FULL);
    TestTables.commit(local, 13, List.of(TestTables.order("2024-01-01", 99, "after", 1.0)));
  }

  @Test
  void readsTheManifestsOfAPlanOnAStoreAtTheSameTimeAndPlansWhatASequentialReadPlans() {
    SlowManifests store = new SlowManifests();
    Table onStore = Table.load(store, local.paths().root());

    ScanPlan parallel = onStore.newScan().plan();

    assertThat(store.manifestReads.get()).isGreaterThan(10);
    assertThat(store.mostAtOnce.get()).isGreaterThan(1);
    assertThat(files(parallel)).isEqualTo(files(local.newScan().plan())).isNotEmpty();
    assertThat(TestTables.sorted(onStore.newRead().readAll(parallel)))
        .isEqualTo(TestTables.readAll(local))
        .isNotEmpty();
  }

  @Test
  void readsOneManifestAtATimeWhenTheTableSaysSo() {
    TestTables.withOptions(local, Map.of("scan.manifest.parallelism", "1"));
    SlowManifests store = new SlowManifests();

    ScanPlan plan = Table.load(store, local.paths().root()).newScan().plan();

    assertThat(store.manifestReads.get()).isGreaterThan(10);
    assertThat(store.mostAtOnce.get()).isEqualTo(1);
    assertThat(files(plan)).isEqualTo(files(local.newScan().plan()));
  }

  @Test
  void aManifestThatDoesNotDecodeFailsTheParallelPlanByName() throws Exception {
    Path broken;
    try (Stream<Path> s = Files.list(local.paths().manifestDir())) {
      broken =
          s.filter(p -> p.getFileName().toString().matches("manifest-[0-9a-f].*"))
              .sorted()
              .findFirst()
              .orElseThrow();
    }
    Files.write(broken, new byte[] {1, 2, 3});

    assertThatThrownBy(() -> Table.load(new SlowManifests(), local.paths().root()).newScan().plan())
        .isInstanceOf(CorruptManifestException.class)
        .hasMessageContaining(broken.getFileName().toString());
  }

  @Test
  void refusesAParallelismBelowOneNamingTheOption() {
    TestTables.withOptions(local, Map.of("scan.manifest.parallelism", "0"));

    assertThatThrownBy(() -> Table.load(new SlowManifests(), local.paths().root()).newScan().plan())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("scan.manifest.parallelism");
  }

  private static List<String> files(ScanPlan plan) {
    return plan.splits().stream()
        .flatMap(s -> s.files().stream().map(f -> s.bucket() + "/" + f.fileName()))
        .sorted()
        .toList();
  }

  /**
   * The local disk seen as a store ({@link #isLocal()} false) whose manifest reads each take 30 ms,
   * as a round trip to an object store does; counts the reads and the most at once.
   */
  private static final class SlowManifests extends ForwardingFileIO {
    final AtomicInteger manifestReads = new AtomicInteger();
    final AtomicInteger mostAtOnce = new AtomicInteger();
    private final AtomicInteger reading = new AtomicInteger();

    SlowManifests() {
      super(new LocalFileIO());
    }

    @Override
    public byte[] readBytes(Path file) {
      String name = file.getFileName().toString();
      if (!name.startsWith("manifest-") || name.startsWith("manifest-list-")) {
        return delegate.readBytes(file);
      }
      manifestReads.incrementAndGet();
      mostAtOnce.accumulateAndGet(reading.incrementAndGet(), Math::max);
      try {
        Thread.sleep(30);
        return delegate.readBytes(file);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      } finally {
        reading.decrementAndGet();
      }
    }

    @Override
    public boolean isLocal() {
      return false;
    }
  }
}
