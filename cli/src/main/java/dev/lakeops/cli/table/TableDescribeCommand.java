package dev.lakeops.cli.table;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.lakeops.cli.common.OutputOptions;
import dev.lakeops.table.Table;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.schema.TableSchema;
import dev.lakeops.table.system.TableMetadata;
import dev.lakeops.table.types.DataField;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code lakeops table describe TABLE}: schema, keys, bucket, options and the latest snapshot. */
@Command(
    name = "describe",
    aliases = "schema",
    mixinStandardHelpOptions = true,
    description =
        "A table's columns, keys, bucket, options, latest snapshot, and counts of snapshots, tags"
            + " and consumers.")
final class TableDescribeCommand implements Callable<Integer> {

  @Spec CommandSpec spec;
  @Mixin TableArgument table;
  @Mixin OutputOptions output;

  @Override
  public Integer call() {
    Table t = table.load(spec);
    TableMetadata metadata = new TableMetadata(t);
    TableSchema schema = t.schema();
    Optional<Snapshot> latest = t.latestSnapshot();
    List<Snapshot> snapshots = metadata.snapshots();
    List<String> tags = new ArrayList<>(metadata.tags().keySet());
    List<String> consumers = new ArrayList<>(metadata.consumers().keySet());
    output.print(
        spec,
        t,
        x -> json(x, schema, latest, snapshots, tags, consumers),
        x -> text(x, schema, latest, snapshots, tags, consumers));
    return 0;
  }

  private String json(
      Table t,
      TableSchema schema,
      Optional<Snapshot> latest,
      List<Snapshot> snapshots,
      List<String> tags,
      List<String> consumers) {
    ObjectNode root = RowPrinter.MAPPER.createObjectNode();
    root.put("table", table.name());
    root.put("path", t.paths().root().toString());
    root.put("schemaId", schema.id());
    ArrayNode columns = root.putArray("columns");
    for (DataField f : schema.fields()) {
      ObjectNode c =
          columns.addObject().put("id", f.id()).put("name", f.name()).put("type", f.type().asSql());
      if (f.description() != null) {
        c.put("comment", f.description());
      }
    }
    schema.partitionKeys().forEach(root.putArray("partitionKeys")::add);
    schema.primaryKeys().forEach(root.putArray("primaryKeys")::add);
    root.put("bucket", schema.numBuckets());
    schema.bucketKeys().forEach(root.putArray("bucketKeys")::add);
    root.put("comment", schema.comment());
    ObjectNode options = root.putObject("options");
    schema.options().forEach(options::put);
    root.set(
        "latestSnapshot",
        latest
            .<com.fasterxml.jackson.databind.JsonNode>map(s -> snapshotJson(s))
            .orElse(RowPrinter.MAPPER.nullNode()));
    root.put("snapshotCount", snapshots.size());
    if (!snapshots.isEmpty()) {
      root.put("earliestSnapshot", snapshots.get(0).id());
    }
    tags.forEach(root.putArray("tags")::add);
    consumers.forEach(root.putArray("consumers")::add);
    try {
      return RowPrinter.MAPPER.writeValueAsString(root);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Table description does not serialize", e);
    }
  }

  private static ObjectNode snapshotJson(Snapshot s) {
    ObjectNode node = RowPrinter.MAPPER.createObjectNode();
    node.put("id", s.id())
        .put("schemaId", s.schemaId())
        .put("commitKind", s.commitKind().name())
        .put("commitUser", s.commitUser())
        .put("commitIdentifier", s.commitIdentifier())
        .put("commitTime", localTime(s.timeMillis()).toString())
        .put("timeMillis", s.timeMillis())
        .put("totalRecordCount", s.totalRecordCount())
        .put("deltaRecordCount", s.deltaRecordCount());
    return node;
  }

  private String text(
      Table t,
      TableSchema schema,
      Optional<Snapshot> latest,
      List<Snapshot> snapshots,
      List<String> tags,
      List<String> consumers) {
    StringBuilder s = new StringBuilder();
    s.append("table           ")
        .append(table.name())
        .append("  (")
        .append(t.paths().root())
        .append(")\n");
    if (schema.comment() != null) {
      s.append("comment         ").append(schema.comment()).append('\n');
    }
    s.append("schema          ").append(schema.id()).append('\n');
    s.append("primary key     ").append(listOrNone(schema.primaryKeys())).append('\n');
    s.append("partition keys  ").append(listOrNone(schema.partitionKeys())).append('\n');
    s.append("bucket          ")
        .append(schema.numBuckets())
        .append(
            schema.bucketKeys().isEmpty()
                ? ""
                : "  (bucket key " + String.join(", ", schema.bucketKeys()) + ")")
        .append('\n');
    s.append("columns\n");
    int width = schema.fields().stream().mapToInt(f -> f.name().length()).max().orElse(0);
    for (DataField f : schema.fields()) {
      String keys =
          (schema.partitionKeys().contains(f.name()) ? " partition" : "")
              + (schema.primaryKeys().contains(f.name()) ? " primary-key" : "");
      s.append("  ")
          .append(f.name())
          .append(" ".repeat(width - f.name().length()))
          .append("  ")
          .append(f.type().asSql())
          .append(keys.isEmpty() ? "" : "  [" + keys.strip() + "]")
          .append(f.description() == null ? "" : "  -- " + f.description())
          .append('\n');
    }
    s.append("options\n");
    for (Map.Entry<String, String> e : schema.options().entrySet()) {
      s.append("  ").append(e.getKey()).append(" = ").append(e.getValue()).append('\n');
    }
    s.append("latest snapshot ")
        .append(
            latest
                .map(
                    l ->
                        l.id()
                            + ": "
                            + l.commitKind()
                            + " at "
                            + localTime(l.timeMillis())
                            + " by "
                            + l.commitUser()
                            + " (identifier "
                            + l.commitIdentifier()
                            + "), "
                            + l.totalRecordCount()
                            + " records, schema "
                            + l.schemaId())
                .orElse("none"))
        .append('\n');
    s.append("snapshots       ")
        .append(
            snapshots.isEmpty()
                ? "none"
                : snapshots.get(0).id()
                    + ".."
                    + snapshots.get(snapshots.size() - 1).id()
                    + " ("
                    + snapshots.size()
                    + ")")
        .append('\n');
    s.append("tags            ").append(listOrNone(tags)).append('\n');
    s.append("consumers       ").append(listOrNone(consumers)).append('\n');
    return s.toString();
  }

  private static LocalDateTime localTime(long millis) {
    return LocalDateTime.ofInstant(Instant.ofEpochMilli(millis), ZoneId.systemDefault());
  }

  private static String listOrNone(List<String> values) {
    return values.isEmpty() ? "none" : String.join(", ", values);
  }
}
