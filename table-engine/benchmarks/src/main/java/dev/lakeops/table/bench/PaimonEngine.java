package dev.lakeops.table.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.disk.IOManager;
import org.apache.paimon.fs.local.LocalFileIO;
import org.apache.paimon.index.HashBucketAssigner;
import org.apache.paimon.options.Options;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.FileStoreTableFactory;
import org.apache.paimon.table.sink.RowKeyExtractor;
import org.apache.paimon.table.sink.TableCommitImpl;
import org.apache.paimon.table.sink.TableWriteImpl;
import org.apache.paimon.table.source.DataSplit;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.table.source.Split;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.utils.CloseableIterator;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Apache Paimon 1.3.1 through its Java API, with default options: the writer compacts in the
 * background as Paimon's does, and waits for that compaction at commit where Paimon's Flink sink
 * does ({@code changelog-producer=lookup}, deletion vectors, first-row); tables are loaded without
 * Paimon's caching catalog, so that planning reads the manifests as a fresh reader does (lakeops
 * loads a fresh {@code Table} too). Dynamic-bucket tables are written with Paimon's {@code
 * HashBucketAssigner} placing each row, as its Flink sink does.
 */
final class PaimonEngine implements Engine {

  static final String USER = "bench-paimon";

  @Override
  public Path createOrders(
      Path warehouse,
      String name,
      String format,
      int buckets,
      boolean partitioned,
      Map<String, String> options) {
    Options catalogOptions = new Options();
    catalogOptions.set("warehouse", warehouse.toUri().toString());
    try (Catalog catalog = CatalogFactory.createCatalog(CatalogContext.create(catalogOptions))) {
      catalog.createDatabase("db", true);
      Schema.Builder schema =
          Schema.newBuilder()
              .column("dt", DataTypes.STRING())
              .column("id", DataTypes.INT())
              .column("name", DataTypes.STRING())
              .column("price", DataTypes.DOUBLE())
              .column("qty", DataTypes.BIGINT())
              .primaryKey("dt", "id")
              .option("bucket", Integer.toString(buckets))
              .option("file.format", format)
              .options(options);
      if (partitioned) {
        schema.partitionKeys("dt");
      }
      catalog.createTable(Identifier.create("db", name), schema.build(), false);
    } catch (Exception e) {
      throw new IllegalStateException("Paimon failed to create table " + name, e);
    }
    return warehouse.resolve("db.db").resolve(name);
  }

  private static FileStoreTable load(Path tableDir) {
    return FileStoreTableFactory.create(
        LocalFileIO.create(), new org.apache.paimon.fs.Path(tableDir.toUri()));
  }

  @Override
  public Writer openWriter(Path tableDir, Path scratch) {
    FileStoreTable table = load(tableDir);
    TableWriteImpl<?> write =
        table.newWrite(USER).withIOManager(IOManager.create(scratch.toString()));
    TableCommitImpl commit = table.newCommit(USER);
    // dynamic bucket mode (bucket=-1 with a primary key): Paimon's Java API takes the bucket from
    // the caller; its hash assigner (one assigner, as a Flink job with parallelism 1) gives it
    HashBucketAssigner assigner =
        table.coreOptions().bucket() == -1 && !table.primaryKeys().isEmpty()
            ? new HashBucketAssigner(
                table.snapshotManager(),
                USER,
                table.store().newIndexFileHandler(),
                1,
                1,
                0,
                table.coreOptions().dynamicBucketTargetRowNum(),
                table.coreOptions().dynamicBucketMaxBuckets())
            : null;
    RowKeyExtractor keys = assigner == null ? null : table.createRowKeyExtractor();
    // as Paimon's Flink sink: a table whose changelog or deletion vectors need lookup compaction
    // (changelog-producer=lookup, with lookup-wait at its default true) waits at each commit for
    // that compaction to finish, so the commit carries the changelog; other tables do not wait
    boolean waitCompaction = table.coreOptions().prepareCommitWaitCompaction();
    return new Writer() {
      private String lastDt;
      private BinaryString lastDtBinary;

      @Override
      public void write(OrderRows rows, int i, String dt) {
        if (!dt.equals(lastDt)) {
          lastDt = dt;
          lastDtBinary = BinaryString.fromString(dt);
        }
        try {
          String name = rows.name(i);
          boolean amounts = rows.fillsAmounts(i);
          GenericRow row =
              GenericRow.of(
                  lastDtBinary,
                  rows.ids[i],
                  name == null ? null : BinaryString.fromString(name),
                  amounts ? rows.prices[i] : null,
                  amounts ? rows.quantities[i] : null);
          if (assigner == null) {
            write.write(row);
          } else {
            keys.setRecord(row);
            write.write(
                row, assigner.assign(keys.partition(), keys.trimmedPrimaryKey().hashCode()));
          }
        } catch (Exception e) {
          throw new IllegalStateException("Paimon failed to write", e);
        }
      }

      @Override
      public void commit(long identifier) {
        try {
          if (assigner != null) {
            assigner.prepareCommit(identifier);
          }
          commit.commit(identifier, write.prepareCommit(waitCompaction, identifier));
        } catch (Exception e) {
          throw new IllegalStateException("Paimon failed to commit " + identifier, e);
        }
      }

      @Override
      public void close() {
        try {
          write.close();
          commit.close();
        } catch (Exception e) {
          throw new IllegalStateException("Paimon failed to close its writer", e);
        }
      }
    };
  }

  @Override
  public long scan(Path tableDir, Blackhole sink) {
    ReadBuilder builder = load(tableDir).newReadBuilder();
    long rows = 0;
    try (RecordReader<InternalRow> reader =
            builder.newRead().createReader(builder.newScan().plan());
        CloseableIterator<InternalRow> it = reader.toCloseableIterator()) {
      while (it.hasNext()) {
        InternalRow row = it.next();
        sink.consume(row.getString(0));
        sink.consume(row.getInt(1));
        sink.consume(row.isNullAt(2) ? null : row.getString(2));
        sink.consume(row.isNullAt(3) ? 0.0 : row.getDouble(3));
        sink.consume(row.isNullAt(4) ? 0L : row.getLong(4));
        rows++;
      }
    } catch (Exception e) {
      throw new IllegalStateException("Paimon failed to scan " + tableDir, e);
    }
    return rows;
  }

  @Override
  public List<String> rows(Path tableDir) {
    ReadBuilder builder = load(tableDir).newReadBuilder();
    List<String> rows = new ArrayList<>();
    try (RecordReader<InternalRow> reader =
            builder.newRead().createReader(builder.newScan().plan());
        CloseableIterator<InternalRow> it = reader.toCloseableIterator()) {
      while (it.hasNext()) {
        InternalRow row = it.next();
        rows.add(
            row.getString(0)
                + "|"
                + row.getInt(1)
                + "|"
                + (row.isNullAt(2) ? null : row.getString(2))
                + "|"
                + (row.isNullAt(3) ? null : row.getDouble(3))
                + "|"
                + (row.isNullAt(4) ? null : row.getLong(4)));
      }
    } catch (Exception e) {
      throw new IllegalStateException("Paimon failed to read " + tableDir, e);
    }
    Collections.sort(rows);
    return rows;
  }

  @Override
  public long plan(Path tableDir) {
    List<Split> splits = load(tableDir).newReadBuilder().newScan().plan().splits();
    long files = 0;
    for (Split split : splits) {
      files += ((DataSplit) split).dataFiles().size();
    }
    return files;
  }
}
