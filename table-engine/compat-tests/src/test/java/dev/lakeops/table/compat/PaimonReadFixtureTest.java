package dev.lakeops.table.compat;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DecimalType;
import org.apache.paimon.types.LocalZonedTimestampType;
import org.apache.paimon.types.TimestampType;
import org.junit.jupiter.api.Test;

/**
 * Writes the fixture of the CLI's "same rows as Paimon" test ({@code TableReadPaimonFixtureTest} in
 * {@code eval/harness}, which runs later in the reactor and cannot depend on Paimon): a warehouse
 * written by Paimon 1.3.1 under {@code target/paimon-read-fixture/warehouse}, and next to it, in
 * {@code expected/}, the rows Paimon's own reader returns, as JSON in the CLI's conventions ({@code
 * table read --json}): one file per table and snapshot choice.
 */
class PaimonReadFixtureTest {

  static final Path FIXTURE =
      Path.of(System.getProperty("basedir", ".")).resolve("target/paimon-read-fixture");

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  @Test
  void writesAPaimonWarehouseAndThePaimonRowsOfEveryTableAtEverySnapshotAndTag() throws Exception {
    deleteRecursively(FIXTURE);
    Path expected = Files.createDirectories(FIXTURE.resolve("expected"));
    PaimonWarehouse warehouse = PaimonWarehouse.create(FIXTURE.resolve("warehouse"));

    List<String> written = new ArrayList<>();
    for (String name : PaimonWarehouse.allTables()) {
      FileStoreTable table = warehouse.table(name);
      Map<String, Map<String, String>> choices = new LinkedHashMap<>();
      choices.put("latest", Map.of());
      Long earliest = table.snapshotManager().earliestSnapshotId();
      Long latest = table.snapshotManager().latestSnapshotId();
      for (long id = earliest == null ? 1 : earliest; latest != null && id <= latest; id++) {
        choices.put("snapshot-" + id, Map.of("scan.snapshot-id", Long.toString(id)));
      }
      for (String tag : table.tagManager().allTagNames()) {
        choices.put("tag-" + tag, Map.of("scan.tag-name", tag));
      }
      for (Map.Entry<String, Map<String, String>> choice : choices.entrySet()) {
        Table at = choice.getValue().isEmpty() ? table : table.copy(choice.getValue());
        ObjectNode dump = NODES.objectNode();
        dump.put("table", "db." + name);
        dump.set("options", MAPPER.valueToTree(choice.getValue()));
        dump.set("rows", rows(at));
        String file = name + "@" + choice.getKey() + ".json";
        Files.writeString(
            expected.resolve(file),
            MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(dump));
        written.add(file);
      }
    }

    assertThat(written)
        .contains(
            "pk_avro@latest.json",
            "pk_parquet@tag-plain.json",
            "log_avro@tag-after-overwrite.json");
    assertThat(MAPPER.readTree(expected.resolve("pk_avro@latest.json").toFile()).get("rows"))
        .isNotEmpty();
  }

  /**
   * Paimon's rows of {@code table}, in the JSON form of the CLI's {@code RowValues}, sorted by
   * their text.
   */
  private static ArrayNode rows(Table table) throws IOException {
    ReadBuilder builder = table.newReadBuilder();
    List<ObjectNode> rows = new ArrayList<>();
    try (RecordReader<InternalRow> reader =
        builder.newRead().createReader(builder.newScan().plan())) {
      var iterator = reader.toCloseableIterator();
      while (iterator.hasNext()) {
        InternalRow row = iterator.next();
        ObjectNode node = NODES.objectNode();
        List<DataField> fields = table.rowType().getFields();
        for (int i = 0; i < fields.size(); i++) {
          node.set(
              fields.get(i).name(),
              row.isNullAt(i) ? NODES.nullNode() : value(row, i, fields.get(i).type()));
        }
        rows.add(node);
      }
    } catch (Exception e) {
      throw new IOException("Paimon failed to read " + table.name(), e);
    }
    rows.sort(Comparator.comparing(ObjectNode::toString));
    ArrayNode array = NODES.arrayNode();
    rows.forEach(array::add);
    return array;
  }

  private static com.fasterxml.jackson.databind.JsonNode value(
      InternalRow row, int i, DataType type) {
    return switch (type.getTypeRoot()) {
      case CHAR, VARCHAR -> NODES.textNode(row.getString(i).toString());
      case BOOLEAN -> NODES.booleanNode(row.getBoolean(i));
      case TINYINT -> NODES.numberNode(row.getByte(i));
      case SMALLINT -> NODES.numberNode(row.getShort(i));
      case INTEGER -> NODES.numberNode(row.getInt(i));
      case BIGINT -> NODES.numberNode(row.getLong(i));
      case FLOAT -> NODES.numberNode(row.getFloat(i));
      case DOUBLE -> NODES.numberNode(row.getDouble(i));
      case DECIMAL -> {
        DecimalType d = (DecimalType) type;
        yield NODES.numberNode(row.getDecimal(i, d.getPrecision(), d.getScale()).toBigDecimal());
      }
      case DATE -> NODES.textNode(LocalDate.ofEpochDay(row.getInt(i)).toString());
      case TIME_WITHOUT_TIME_ZONE ->
          NODES.textNode(LocalTime.ofNanoOfDay(row.getInt(i) * 1_000_000L).toString());
      case TIMESTAMP_WITHOUT_TIME_ZONE ->
          NODES.textNode(
              row.getTimestamp(i, ((TimestampType) type).getPrecision())
                  .toLocalDateTime()
                  .toString());
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE ->
          NODES.textNode(
              row.getTimestamp(i, ((LocalZonedTimestampType) type).getPrecision())
                  .toInstant()
                  .toString());
      case BINARY, VARBINARY ->
          NODES.textNode(Base64.getEncoder().encodeToString(row.getBinary(i)));
      default ->
          throw new IllegalArgumentException("No JSON form for " + type + " in the read fixture");
    };
  }

  private static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
