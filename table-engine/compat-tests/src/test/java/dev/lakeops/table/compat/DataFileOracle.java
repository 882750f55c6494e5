package dev.lakeops.table.compat;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.RowType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.disk.IOManager;
import org.apache.paimon.options.Options;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.TableCommitImpl;
import org.apache.paimon.table.sink.TableWriteImpl;
import org.apache.paimon.table.source.ReadBuilder;

/**
 * One Paimon 1.3.1 table in a local warehouse, written commit by commit through Paimon's Java API,
 * remembering which data files each commit added (by listing the bucket directories).
 */
final class DataFileOracle implements AutoCloseable {

  static final String USER = "lakeops-data-files";

  private final Path warehouse;
  private final FileStoreTable table;
  private final RowType rowType;
  private final TableWriteImpl<?> write;
  private final TableCommitImpl commit;
  private final Set<Path> seen = new HashSet<>();
  private long identifier;

  private DataFileOracle(Path warehouse, FileStoreTable table) {
    this.warehouse = warehouse;
    this.table = table;
    this.rowType = DataFileValues.fromPaimon(table.rowType());
    this.write =
        table.newWrite(USER).withIOManager(IOManager.create(warehouse.resolve("io").toString()));
    this.commit = table.newCommit(USER);
  }

  static DataFileOracle create(Path warehouse, String name, Schema schema) throws Exception {
    Options options = new Options();
    options.set("warehouse", warehouse.toUri().toString());
    Catalog catalog = CatalogFactory.createCatalog(CatalogContext.create(options));
    catalog.createDatabase("db", true);
    catalog.createTable(Identifier.create("db", name), schema, false);
    return new DataFileOracle(
        warehouse, (FileStoreTable) catalog.getTable(Identifier.create("db", name)));
  }

  /** The table's row type with Paimon's field ids. */
  RowType rowType() {
    return rowType;
  }

  FileStoreTable table() {
    return table;
  }

  /** Writes {@code rows} (with their kinds) as one commit; returns the data files it added. */
  List<Path> commit(List<Row> rows) throws Exception {
    for (Row row : rows) {
      write.write(DataFileValues.toPaimon(row, rowType));
    }
    identifier++;
    commit.commit(identifier, write.prepareCommit(false, identifier));
    List<Path> added = new ArrayList<>();
    for (Path file : dataFiles()) {
      if (seen.add(file)) {
        added.add(file);
      }
    }
    return added;
  }

  /** The table's rows as Paimon reads them (merge-on-read), in Paimon's order. */
  List<Row> readAll() throws IOException {
    ReadBuilder builder = table.newReadBuilder();
    List<Row> rows = new ArrayList<>();
    try (RecordReader<InternalRow> reader =
        builder.newRead().createReader(builder.newScan().plan())) {
      reader.forEachRemaining(row -> rows.add(DataFileValues.fromPaimonWithKind(row, rowType)));
    }
    return rows;
  }

  /** Every data file under the table directory, sorted. */
  List<Path> dataFiles() throws IOException {
    Path dir = warehouse.resolve("db.db").resolve(table.name());
    try (Stream<Path> files = Files.walk(dir)) {
      return files
          .filter(p -> p.getParent().getFileName().toString().startsWith("bucket-"))
          .filter(p -> p.getFileName().toString().startsWith("data-"))
          .sorted()
          .toList();
    }
  }

  @Override
  public void close() throws Exception {
    write.close();
    commit.close();
  }
}
