package dev.lakeops.runbooks.action;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.io.LocalFileIO;
import dev.lakeops.table.store.TableNotFoundException;
import dev.lakeops.tools.flink.FlinkRestClient;
import dev.lakeops.tools.kafka.KafkaCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/** Targets named directly: table directories or warehouse names, bootstrap addresses, REST URLs. */
public final class DirectTargets implements ActionTargets {

  private final Duration timeout;

  public DirectTargets(Duration timeout) {
    this.timeout = timeout;
  }

  @Override
  public Table table(@Nullable String warehouse, String table) {
    try {
      if (warehouse == null) {
        Path dir = Path.of(table).toAbsolutePath().normalize();
        if (!Files.isDirectory(dir)) {
          throw new IllegalArgumentException(
              "table "
                  + table
                  + ": no such directory (give a table directory, or warehouse=DIR with"
                  + " table=DATABASE.TABLE)");
        }
        return Table.load(new LocalFileIO(), dir);
      }
      Catalog catalog = Catalog.local(Path.of(warehouse).toAbsolutePath().normalize());
      return catalog.loadTable(Identifier.parse(table));
    } catch (TableNotFoundException e) {
      throw new IllegalArgumentException("table " + table + ": " + e.getMessage(), e);
    }
  }

  @Override
  public KafkaCluster kafka(String name) {
    return KafkaCluster.direct(name);
  }

  @Override
  public FlinkRestClient flink(String name) {
    return new FlinkRestClient(name, timeout);
  }
}
