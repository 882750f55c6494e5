package dev.lakeops.cli.table;

import dev.lakeops.cli.common.CliErrors;
import dev.lakeops.cli.common.OutputOptions;
import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.schema.TableSchema;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code lakeops table list}: the tables of a warehouse with their keys, buckets and latest
 * snapshot.
 */
@Command(
    name = "list",
    mixinStandardHelpOptions = true,
    description =
        "The tables of a warehouse: keys, bucket, file format, latest snapshot and its record"
            + " count.")
final class TableListCommand implements Callable<Integer> {

  static final RowType ROW_TYPE =
      RowType.of(
          List.of(
              new DataField(0, "database", AtomicType.string()),
              new DataField(1, "table", AtomicType.string()),
              new DataField(2, "primary_keys", AtomicType.string()),
              new DataField(3, "partition_keys", AtomicType.string()),
              new DataField(4, "bucket", AtomicType.of(TypeRoot.INT)),
              new DataField(5, "file_format", AtomicType.string()),
              new DataField(6, "latest_snapshot", AtomicType.of(TypeRoot.BIGINT)),
              new DataField(7, "total_record_count", AtomicType.of(TypeRoot.BIGINT)),
              new DataField(8, "problem", AtomicType.string())));

  @Spec CommandSpec spec;
  @Mixin WarehouseOption warehouse;
  @Mixin OutputOptions output;

  @Option(names = "--database", paramLabel = "DB", description = "Only the tables of database DB")
  String database;

  @Override
  public Integer call() {
    Catalog catalog = warehouse.catalog(spec);
    List<String> databases = catalog.listDatabases();
    if (database != null) {
      if (!databases.contains(database)) {
        throw new ParameterException(
            spec.commandLine(),
            "--database "
                + database
                + ": no such database in warehouse "
                + catalog.location()
                + " (databases: "
                + WarehouseOption.orNone(databases)
                + ")");
      }
      databases = List.of(database);
    }
    List<Row> rows = new ArrayList<>();
    for (String db : databases) {
      for (String name : catalog.listTables(db)) {
        rows.add(row(catalog, db, name));
      }
    }
    Map<String, Object> header = new LinkedHashMap<>();
    header.put("warehouse", catalog.location());
    output.print(
        spec, rows, r -> RowPrinter.json(ROW_TYPE, r, header), r -> RowPrinter.text(ROW_TYPE, r));
    return 0;
  }

  /**
   * One table's row; a table whose metadata cannot be read is listed with the problem, not dropped.
   */
  private static Row row(Catalog catalog, String database, String name) {
    try {
      Table table = catalog.loadTable(Identifier.of(database, name));
      TableSchema schema = table.schema();
      Optional<Snapshot> latest = table.latestSnapshot();
      return Row.of(
          database,
          name,
          String.join(",", schema.primaryKeys()),
          String.join(",", schema.partitionKeys()),
          schema.numBuckets(),
          schema.tableOptions().fileFormat(),
          latest.map(Snapshot::id).orElse(null),
          latest.map(Snapshot::totalRecordCount).orElse(null),
          null);
    } catch (RuntimeException e) {
      LoggerFactory.getLogger(TableListCommand.class)
          .debug("Cannot read table {}.{}", database, name, e);
      return Row.of(database, name, null, null, null, null, null, null, CliErrors.describe(e));
    }
  }
}
