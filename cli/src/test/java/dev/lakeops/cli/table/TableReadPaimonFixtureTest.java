package dev.lakeops.cli.table;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.cli.CliRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;

/**
 * The issue's done-when: {@code ./lakeops table read} on tables that Apache Paimon wrote prints the
 * rows Paimon reads. The tables and Paimon's rows come from {@code PaimonReadFixtureTest} in {@code
 * table-engine/compat-tests} (this module cannot depend on Paimon), which writes them under {@code
 * table-engine/compat-tests/target/paimon-read-fixture/} earlier in a reactor build: a primary-key
 * table in Avro and in Parquet, two with deletion vectors (32- and 64-bit), append tables with and
 * without buckets and one with deletion vectors, each at every snapshot, every tag and the latest.
 */
class TableReadPaimonFixtureTest {

  /**
   * The tables with {@code deletion-vectors.enabled}; see {@link
   * #printsTheRowsPaimonReadsForDeletionVectorTables}.
   */
  private static final List<String> DELETION_VECTOR_TABLES =
      List.of("pk_dv", "pk_dv64_avro", "log_dv");

  private final CliRun cli = new CliRun();

  @Test
  void printsTheRowsPaimonReadsForEveryTableSnapshotAndTag() throws IOException {
    assertPaimonRows(name -> !isDeletionVectorTable(name));
  }

  /**
   * Paimon reads a primary-key table with deletion vectors without its level-0 files (they become
   * visible when compacted) and skips the rows the vectors mark; an append table with deletion
   * vectors loses the marked rows of every file. lakeops prints the same rows at every snapshot.
   */
  @Test
  void printsTheRowsPaimonReadsForDeletionVectorTables() throws IOException {
    assertPaimonRows(TableReadPaimonFixtureTest::isDeletionVectorTable);
  }

  private static boolean isDeletionVectorTable(String expectationFile) {
    return DELETION_VECTOR_TABLES.stream().anyMatch(t -> expectationFile.startsWith(t + "@"));
  }

  private void assertPaimonRows(java.util.function.Predicate<String> which) throws IOException {
    Path fixture = PaimonReadFixture.assumeWritten();
    List<Path> expectations;
    try (Stream<Path> files = Files.list(fixture.resolve("expected"))) {
      expectations =
          files
              .filter(p -> p.toString().endsWith(".json"))
              .filter(p -> which.test(p.getFileName().toString()))
              .sorted()
              .toList();
    }
    assertThat(expectations).hasSizeGreaterThanOrEqualTo(5);

    SoftAssertions softly = new SoftAssertions();
    for (Path expectation : expectations) {
      String name = expectation.getFileName().toString().replaceFirst("\\.json$", "");
      String table = name.substring(0, name.indexOf('@'));
      String choice = name.substring(name.indexOf('@') + 1);
      List<String> args =
          new ArrayList<>(
              List.of(
                  "table",
                  "read",
                  "--warehouse",
                  fixture.resolve("warehouse").toString(),
                  "db." + table,
                  "--json"));
      if (choice.startsWith("snapshot-")) {
        args.addAll(List.of("--snapshot", choice.substring("snapshot-".length())));
      } else if (choice.startsWith("tag-")) {
        args.addAll(List.of("--tag", choice.substring("tag-".length())));
      }
      int exit = cli.run(args.toArray(String[]::new));

      softly.assertThat(exit).as("exit of %s (stderr: %s)", args, cli.err()).isZero();
      if (exit == 0) {
        softly
            .assertThat(PaimonReadFixture.sortedRows(cli.out()))
            .as("rows of %s", name)
            .isEqualTo(PaimonReadFixture.sortedRows(expectation));
      }
    }
    softly.assertAll();
  }
}
