package dev.lakeops.table.compat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.paimon.consumer.Consumer;
import org.apache.paimon.consumer.ConsumerManager;
import org.apache.paimon.table.FileStoreTable;

/**
 * The {@link PaimonWarehouse} that the read-only cross-engine tests share: Paimon writes it once
 * per {@link CompatStore store} and test JVM, for {@link LakeopsReadsPaimonTablesCompatTest} and
 * {@link PaimonSystemTablesCompatTest}, which only read it. Besides the tables it holds what the
 * system tables show: two consumers on every table and a tag {@code first} (on snapshot 1) on each
 * table that has no tag. The local warehouses live in one temporary directory, removed when the JVM
 * exits.
 */
final class SharedPaimonWarehouses {

  private static final Map<CompatStore, PaimonWarehouse> WAREHOUSES =
      new EnumMap<>(CompatStore.class);
  private static Path scratch;

  private SharedPaimonWarehouses() {}

  /** The shared warehouse of {@code store}; the first call for a store writes it. */
  static synchronized PaimonWarehouse on(CompatStore store) throws Exception {
    PaimonWarehouse w = WAREHOUSES.get(store);
    if (w == null) {
      w = PaimonWarehouse.create(store.newWarehouse(scratch(store)));
      for (String table : PaimonWarehouse.allTables()) {
        FileStoreTable paimon = w.table(table);
        ConsumerManager consumers = new ConsumerManager(paimon.fileIO(), paimon.location());
        consumers.resetConsumer("etl-job", new Consumer(2));
        consumers.resetConsumer("audit", new Consumer(1));
        if (paimon.tagManager().allTagNames().isEmpty()) {
          paimon.createTag("first", 1);
        }
      }
      WAREHOUSES.put(store, w);
    }
    return w;
  }

  private static Path scratch(CompatStore store) throws IOException {
    if (scratch == null) {
      scratch = Files.createTempDirectory("lakeops-compat-shared-");
      Path root = scratch;
      Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteTree(root)));
    }
    return Files.createDirectories(scratch.resolve(store.toString()));
  }

  private static void deleteTree(Path root) {
    try (Stream<Path> paths = Files.walk(root)) {
      paths.sorted(Comparator.reverseOrder()).forEach(SharedPaimonWarehouses::delete);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void delete(Path path) {
    try {
      Files.deleteIfExists(path);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
