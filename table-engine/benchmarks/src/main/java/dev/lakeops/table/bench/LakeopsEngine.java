package dev.lakeops.table.bench;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.data.CloseableIterator;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.io.LocalFileIO;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import dev.lakeops.table.write.TableWrite;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.infra.Blackhole;

/**
 * lakeops through its public API: {@link Catalog}, {@link TableWrite} + committer, {@code
 * TableScan} + {@code TableRead}.
 */
final class LakeopsEngine implements Engine {

  static final String USER = "bench-lakeops";

  @Override
  public Path createOrders(
      Path warehouse,
      String name,
      String format,
      int buckets,
      boolean partitioned,
      Map<String, String> options) {
    Catalog catalog = Catalog.local(warehouse);
    catalog.createDatabaseIfNotExists("db");
    TableDefinition.Builder definition =
        TableDefinition.builder()
            .column("dt", AtomicType.string())
            .column("id", AtomicType.of(TypeRoot.INT))
            .column("name", AtomicType.string())
            .column("price", AtomicType.of(TypeRoot.DOUBLE))
            .column("qty", AtomicType.of(TypeRoot.BIGINT))
            .primaryKey("dt", "id")
            .option("bucket", Integer.toString(buckets))
            .option("file.format", format)
            .options(options);
    if (partitioned) {
      definition.partitionKeys("dt");
    }
    return catalog.createTable(Identifier.of("db", name), definition.build()).paths().root();
  }

  @Override
  public Writer openWriter(Path tableDir, Path scratch) {
    Table table = Table.load(new LocalFileIO(), tableDir);
    TableWrite write = table.newWrite(USER).withSpillDirectory(scratch);
    return new Writer() {
      @Override
      public void write(OrderRows rows, int i, String dt) {
        boolean amounts = rows.fillsAmounts(i);
        write.write(
            Row.of(
                dt,
                rows.ids[i],
                rows.name(i),
                amounts ? rows.prices[i] : null,
                amounts ? rows.quantities[i] : null));
      }

      // as the Paimon engine's streaming write: compactions run in the background and are handed
      // over with a later commit; lookup tables wait for theirs inside the writer, as Paimon's do
      @Override
      public void commit(long identifier) {
        table.newCommit().commit(write.prepareCommit(identifier, false));
      }

      @Override
      public void close() {
        write.close();
      }
    };
  }

  @Override
  public long scan(Path tableDir, Blackhole sink) {
    Table table = Table.load(new LocalFileIO(), tableDir);
    long rows = 0;
    try (CloseableIterator<Row> it = table.newRead().open(table.newScan().plan())) {
      while (it.hasNext()) {
        Row row = it.next();
        for (int i = 0; i < row.arity(); i++) {
          sink.consume(row.get(i));
        }
        rows++;
      }
    }
    return rows;
  }

  @Override
  public List<String> rows(Path tableDir) {
    Table table = Table.load(new LocalFileIO(), tableDir);
    List<String> rows = new ArrayList<>();
    try (CloseableIterator<Row> it = table.newRead().open(table.newScan().plan())) {
      while (it.hasNext()) {
        Row row = it.next();
        rows.add(
            row.get(0) + "|" + row.get(1) + "|" + row.get(2) + "|" + row.get(3) + "|" + row.get(4));
      }
    }
    Collections.sort(rows);
    return rows;
  }

  @Override
  public long plan(Path tableDir) {
    return Table.load(new LocalFileIO(), tableDir).newScan().plan().fileCount();
  }
}
