package dev.lakeops.cli.table;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.lakeops.table.Table;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.schema.TableSchema;
import dev.lakeops.table.system.TableMetadata;
import dev.lakeops.table.types.DataField;
import java.io.PrintWriter;
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
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code lakeops table describe TABLE}: schema, keys, bucket, options and the latest snapshot. */
@Command(name = "describe", aliases = "schema", mixinStandardHelpOptions = true,
    description = "A table's columns, keys, bucket, options, latest snapshot, and counts of snapshots, tags and consumers.")
final class TableDescribeCommand implements Callable<Integer> {

  @Spec CommandSpec spec;
  @Mixin TableTarget target;

  @Parameters(index = "0", paramLabel = "TABLE", description = "DATABASE.TABLE in --warehouse, or a table directory")
  String table;

  @Override
  public Integer call() {
    Table t = target.load(spec, table);
    TableMetadata metadata = new TableMetadata(t);
    TableSchema schema = t.schema();
    Optional<Snapshot> latest = t.latestSnapshot();
    List<Snapshot> snapshots = metadata.snapshots();
    List<String> tags = new ArrayList<>(metadata.tags().keySet());
    List<String> consumers = new ArrayList<>(metadata.consumers().keySet());
    PrintWriter out = spec.commandLine().getOut();
    if (target.json) {
      out.println(json(t, schema, latest, snapshots, tags, consumers));
    } else {
      text(out, t, schema, latest, snapshots, tags, consumers);
    }
    out.flush();
    return 0;
  }

  private String json(Table t, TableSchema schema, Optional<Snapshot> latest, List<Snapshot> snapshots,
                      List<String> tags, List<String> consumers) {
    ObjectNode root = RowPrinter.MAPPER.createObjectNode();
    root.put("table", table);
    root.put("path", t.paths().root().toString());
    root.put("schemaId", schema.id());
    ArrayNode columns = root.putArray("columns");
    for (DataField f : schema.fields()) {
      ObjectNode c = columns.addObject().put("id", f.id()).put("name", f.name()).put("type", f.type().asSql());
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
    root.set("latestSnapshot", latest.<com.fasterxml.jackson.databind.JsonNode>map(s -> snapshotJson(s))
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
    node.put("id", s.id()).put("schemaId", s.schemaId()).put("commitKind", s.commitKind().name())
        .put("commitUser", s.commitUser()).put("commitIdentifier", s.commitIdentifier())
        .put("commitTime", localTime(s.timeMillis()).toString()).put("timeMillis", s.timeMillis())
        .put("totalRecordCount", s.totalRecordCount()).put("deltaRecordCount", s.deltaRecordCount());
    return node;
  }

  private void text(PrintWriter out, Table t, TableSchema schema, Optional<Snapshot> latest, List<Snapshot> snapshots,
                    List<String> tags, List<String> consumers) {
    out.println("table           " + table + "  (" + t.paths().root() + ")");
    if (schema.comment() != null) {
      out.println("comment         " + schema.comment());
    }
    out.println("schema          " + schema.id());
    out.println("primary key     " + listOrNone(schema.primaryKeys()));
    out.println("partition keys  " + listOrNone(schema.partitionKeys()));
    out.println("bucket          " + schema.numBuckets() + (schema.bucketKeys().isEmpty() ? ""
        : "  (bucket key " + String.join(", ", schema.bucketKeys()) + ")"));
    out.println("columns");
    int width = schema.fields().stream().mapToInt(f -> f.name().length()).max().orElse(0);
    for (DataField f : schema.fields()) {
      String keys = (schema.partitionKeys().contains(f.name()) ? " partition" : "")
          + (schema.primaryKeys().contains(f.name()) ? " primary-key" : "");
      out.println("  " + f.name() + " ".repeat(width - f.name().length()) + "  " + f.type().asSql()
          + (keys.isEmpty() ? "" : "  [" + keys.strip() + "]")
          + (f.description() == null ? "" : "  -- " + f.description()));
    }
    out.println("options");
    for (Map.Entry<String, String> e : schema.options().entrySet()) {
      out.println("  " + e.getKey() + " = " + e.getValue());
    }
    out.println("latest snapshot " + latest.map(s -> s.id() + ": " + s.commitKind() + " at " + localTime(s.timeMillis())
        + " by " + s.commitUser() + " (identifier " + s.commitIdentifier() + "), " + s.totalRecordCount()
        + " records, schema " + s.schemaId()).orElse("none"));
    out.println("snapshots       " + (snapshots.isEmpty() ? "none"
        : snapshots.get(0).id() + ".." + snapshots.get(snapshots.size() - 1).id() + " (" + snapshots.size() + ")"));
    out.println("tags            " + listOrNone(tags));
    out.println("consumers       " + listOrNone(consumers));
  }

  private static LocalDateTime localTime(long millis) {
    return LocalDateTime.ofInstant(Instant.ofEpochMilli(millis), ZoneId.systemDefault());
  }

  private static String listOrNone(List<String> values) {
    return values.isEmpty() ? "none" : String.join(", ", values);
  }
}
