package dev.lakeops.table.system;

import static dev.lakeops.table.system.Columns.BIGINT;
import static dev.lakeops.table.system.Columns.STRING;
import static dev.lakeops.table.system.Columns.TIMESTAMP;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.meta.Tag;
import dev.lakeops.table.types.RowType;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * {@code $tags}: one row per tag, ordered by snapshot id then name (source: Paimon {@code
 * TagsTable}). {@code create_time} is the tag's stored local time, shown as stored (Paimon keeps
 * its nanoseconds too); {@code time_retained} is an ISO-8601 duration such as {@code PT36H}.
 */
final class TagsTable implements SystemTable {

  static final RowType ROW_TYPE =
      Columns.columns()
          .notNull("tag_name", STRING)
          .notNull("snapshot_id", BIGINT)
          .notNull("schema_id", BIGINT)
          .notNull("commit_time", TIMESTAMP)
          .nullable("record_count", BIGINT)
          .nullable("create_time", TIMESTAMP)
          .nullable("time_retained", STRING)
          .build();

  @Override
  public String name() {
    return "tags";
  }

  @Override
  public RowType rowType() {
    return ROW_TYPE;
  }

  @Override
  public List<Row> rows(SystemTableInput input) {
    return input.table().tags().entrySet().stream()
        .sorted(
            Comparator.<Map.Entry<String, Tag>>comparingLong(e -> e.getValue().snapshot().id())
                .thenComparing(Map.Entry::getKey))
        .map(e -> row(e.getKey(), e.getValue(), input))
        .toList();
  }

  private static Row row(String name, Tag tag, SystemTableInput input) {
    Snapshot s = tag.snapshot();
    return Row.of(
        name,
        s.id(),
        s.schemaId(),
        Times.local(s.timeMillis(), input.zone()),
        s.totalRecordCount(),
        tag.createTime(),
        tag.timeRetained() == null ? null : tag.timeRetained().toString());
  }
}
