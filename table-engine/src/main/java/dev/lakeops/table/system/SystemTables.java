package dev.lakeops.table.system;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.Table;
import dev.lakeops.table.read.ScanTarget;
import dev.lakeops.table.read.SnapshotNotFoundException;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The registry of system tables by name, and the one way to read one. */
public final class SystemTables {

  private static final Map<String, SystemTable> BY_NAME = new LinkedHashMap<>();

  static {
    for (SystemTable t :
        List.of(
            new SnapshotsTable(),
            new SchemasTable(),
            new OptionsTable(),
            new FilesTable(),
            new ManifestsTable(),
            new PartitionsTable(),
            new BucketsTable(),
            new TagsTable(),
            new ConsumersTable())) {
      BY_NAME.put(t.name(), t);
    }
  }

  private SystemTables() {}

  /** The names, without {@code $}, in a fixed order. */
  public static List<String> names() {
    return List.copyOf(BY_NAME.keySet());
  }

  /**
   * The system table called {@code name}, with or without the leading {@code $}.
   *
   * @throws UnknownSystemTableException no such system table; the message lists the known ones
   */
  public static SystemTable named(String name) {
    requireNonNull(name, "name");
    SystemTable table = BY_NAME.get(name.startsWith("$") ? name.substring(1) : name);
    if (table == null) {
      throw new UnknownSystemTableException(name, names());
    }
    return table;
  }

  /**
   * Reads system table {@code name} of {@code table} at the snapshot {@code target} names, with
   * times shown in {@code zone}.
   *
   * @throws UnknownSystemTableException no such system table
   * @throws SnapshotNotFoundException the target snapshot or tag does not exist
   */
  public static SystemTableRows read(Table table, String name, ScanTarget target, ZoneId zone) {
    SystemTable systemTable = named(name);
    TableMetadata metadata = new TableMetadata(table);
    SystemTableInput input = new SystemTableInput(metadata, metadata.select(target), zone);
    return new SystemTableRows(
        systemTable.name(),
        systemTable.rowType(),
        systemTable.rows(input),
        TableMetadata.idOf(input.snapshot()));
  }
}
