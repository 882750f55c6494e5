package dev.lakeops.cli.table;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Assumptions;

/**
 * Tables Apache Paimon wrote and the rows Paimon read from them: {@code warehouse/} and {@code
 * expected/<table>@<snapshot-N|tag-T|latest>.json} under {@code
 * table-engine/compat-tests/target/paimon-read-fixture/} of the checkout. {@code
 * PaimonReadFixtureTest} in {@code table-engine/compat-tests} writes them earlier in a reactor
 * build; this module cannot depend on Paimon.
 */
final class PaimonReadFixture {

  /** Reads JSON with exact decimals, so that rows compare as Paimon wrote them. */
  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

  private PaimonReadFixture() {}

  /** The fixture directory; the calling test is skipped when the fixture has not been written. */
  static Path assumeWritten() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.isDirectory(dir.resolve("table-engine/compat-tests"))) {
      dir = dir.getParent();
    }
    Path root = dir == null ? Path.of("").toAbsolutePath() : dir;
    Path fixture = root.resolve("table-engine/compat-tests/target/paimon-read-fixture");
    Assumptions.assumeTrue(
        Files.isDirectory(fixture.resolve("expected")),
        "Skipped: no Paimon read fixture at "
            + fixture
            + "; it is written by table-engine/compat-tests (PaimonReadFixtureTest), so run the"
            + " full build from the repository root: mvn verify");
    return fixture;
  }

  /**
   * The {@code rows} of a JSON object (what {@code table read --json} prints), sorted: see {@link
   * #sorted}.
   */
  static List<String> sortedRows(String json) throws IOException {
    return sorted(MAPPER.readTree(json).get("rows"));
  }

  /**
   * The {@code rows} of the JSON object in {@code file}, such as an expectation of the fixture,
   * sorted.
   */
  static List<String> sortedRows(Path file) throws IOException {
    return sorted(MAPPER.readTree(file.toFile()).get("rows"));
  }

  /** Each row as JSON text, sorted: rows compare whatever order they were read in. */
  private static List<String> sorted(JsonNode rows) {
    List<String> text = new ArrayList<>();
    rows.forEach(r -> text.add(r.toString()));
    text.sort(Comparator.naturalOrder());
    return text;
  }
}
