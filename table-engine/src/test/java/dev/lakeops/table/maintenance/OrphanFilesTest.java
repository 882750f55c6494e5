package dev.lakeops.table.maintenance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.paths.FileNamer;
import dev.lakeops.table.paths.TablePaths;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OrphanFilesTest {

  @TempDir Path dir;

  private static Path aged(Path file, Instant time) throws Exception {
    Files.createDirectories(file.getParent());
    if (!Files.exists(file)) {
      Files.writeString(file, "orphan");
    }
    Files.setLastModifiedTime(file, FileTime.from(time));
    return file;
  }

  @Test
  void removesUnreferencedFilesOlderThanTheMarginAndNothingElse() throws Exception {
    TableHistory h = new TableHistory(dir);
    TablePaths paths = h.table.paths;
    Instant old = Instant.now().minus(Duration.ofDays(3));
    Path oldData = aged(h.table.dataPath("2024-01-01", 0, "data-lost.avro"), old);
    Path oldChangelog = aged(h.table.dataPath("2024-01-02", 1, "changelog-lost.avro"), old);
    Path oldManifest = aged(paths.manifestFile(FileNamer.random().nextManifest()), old);
    Path oldTemp =
        aged(
            paths.snapshotDir().resolve(TablePaths.tempFileName("snapshot-7", UUID.randomUUID())),
            old);
    Path youngData = aged(h.table.dataPath("2024-01-01", 0, "data-in-flight.avro"), Instant.now());
    Path unknown = aged(h.table.dataPath("2024-01-01", 0, "notes.txt"), old);
    for (Path dataDir : Files.walk(dir).filter(Files::isRegularFile).toList()) {
      Files.setLastModifiedTime(dataDir, FileTime.from(old));
    }
    Files.setLastModifiedTime(youngData, FileTime.from(Instant.now()));
    OrphanFiles orphans = new OrphanFiles(h.table.io, paths, h.clock);

    assertThat(orphans.find(Instant.now().minus(Duration.ofDays(1))))
        .containsExactlyInAnyOrder(oldData, oldChangelog, oldManifest, oldTemp);
    OrphanReport report = orphans.remove(Instant.now().minus(Duration.ofDays(1)));

    assertThat(report.deletedFiles().count()).isEqualTo(4);
    assertThat(report.deletedFiles().files()).contains("dt=2024-01-01/bucket-0/data-lost.avro");
    assertThat(report.filesScanned()).isGreaterThan(10);
    assertThat(youngData).exists();
    assertThat(unknown).exists();
    assertThat(paths.latestHint()).exists();
    assertThat(paths.schemaFile(0)).exists();
    for (long id = 1; id <= 6; id++) {
      h.assertReadable(h.snapshot(id));
    }
  }

  @Test
  void keepsTheFilesOfTagsAndOfTheManifestsOfEverySnapshot() throws Exception {
    TableHistory h = new TableHistory(dir);
    new Tags(h.table.io, h.table.paths, h.clock).createTag("v1", 1);
    new SnapshotExpiration(h.table.io, h.table.paths, h.clock)
        .expire(new ExpireRetention(1, Integer.MAX_VALUE, Duration.ZERO, 50));

    OrphanReport report =
        new OrphanFiles(h.table.io, h.table.paths, h.clock).remove(Instant.now().plusSeconds(60));

    assertThat(report.deletedFiles().count()).isZero();
    h.assertReadable(new Tags(h.table.io, h.table.paths).list().get("v1").snapshot());
    h.assertReadable(h.table.latest());
  }
}
