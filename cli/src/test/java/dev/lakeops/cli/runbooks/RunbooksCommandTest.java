package dev.lakeops.cli.runbooks;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code lakeops runbooks list|validate|show}. */
class RunbooksCommandTest {

  @TempDir Path dir;
  private final CliRun cli = new CliRun();

  @Test
  void listsEveryShippedRunbookAsAJsonArray() throws Exception {
    assertThat(cli.run("runbooks", "list", "--json")).isZero();

    JsonNode list = cli.json();
    assertThat(list.isArray()).isTrue();
    List<String> names = new ArrayList<>();
    list.forEach(r -> names.add(r.path("name").asText()));
    assertThat(names)
        .hasSize(14)
        .contains(
            "flink-backpressure",
            "kafka-lag",
            "cdc-binlog-corruption",
            "table-snapshot-rollback",
            "table-layout");
    JsonNode bp = list.get(0);
    assertThat(bp.path("match").path("signals").get(0).asText()).isEqualTo("flink.backpressure");
    assertThat(bp.path("inputs").get(0).path("concepts").toString())
        .contains("flink.job", "flink.job-id");
    assertThat(bp.path("inputs").get(0).path("labels").toString())
        .contains("job_name", "job_id", "task_name");
    assertThat(bp.path("tools").toString()).contains("flink.backpressure", "flink.health");
  }

  @Test
  void listsAsTextByDefault() {
    assertThat(cli.run("runbooks", "list")).isZero();
    assertThat(cli.out()).contains("kafka-lag", "proposes: kafka.reset_offsets");
  }

  @Test
  void validatesEveryShippedRunbookWithoutArguments() {
    assertThat(cli.run("runbooks", "validate")).isZero();
    assertThat(cli.out())
        .contains("ok flink-backpressure.yaml")
        .contains("ok table-layout.yaml")
        .contains("14 of 14 runbooks valid");
  }

  @Test
  void printsEachProblemOfAnInvalidFileAndExitsOne() throws Exception {
    Path good =
        Files.writeString(
            dir.resolve("good.yaml"),
            """
            name: good
            match: {keywords: [x]}
            steps:
              - id: done
                end: {category: NO_FAULT, headline: ok, confidence: LOW}
            """);
    Path bad =
        Files.writeString(
            dir.resolve("bad.yaml"),
            """
            name: bad
            match: {keywords: [x]}
            steps:
              - id: p
                probe: flink.reboot
                output: o
                next: nowhere
              - id: q
                propose: table.compact
                args: {table: t}
                next: p
            """);

    int exit = cli.run("runbooks", "validate", good.toString(), bad.toString());

    assertThat(exit).isEqualTo(1);
    assertThat(cli.out()).contains("ok " + good).contains("1 of 2 runbooks valid");
    assertThat(cli.err())
        .contains("invalid " + bad + ": step 'p': next 'nowhere' names no step")
        .doesNotContain("Exception");
  }

  @Test
  void rejectsAMisspeltFindingCodeNamingTheStepAndTheCodeItMeant() throws Exception {
    Path typo = backpressureRunbook("typo", "flink.backpresure.bottleneck");

    int exit = cli.run("runbooks", "validate", typo.toString());

    assertThat(exit).isEqualTo(1);
    assertThat(cli.err())
        .contains("invalid " + typo)
        .contains("step 'judge'")
        .contains("flink.backpresure.bottleneck")
        .contains("did you mean flink.backpressure.bottleneck?")
        .doesNotContain("Exception");
  }

  @Test
  void acceptsTheSameRunbookWithTheCodeSpeltRight() throws Exception {
    Path right = backpressureRunbook("right", "flink.backpressure.bottleneck");

    assertThat(cli.run("runbooks", "validate", right.toString())).isZero();
    assertThat(cli.out()).contains("ok " + right).contains("1 of 1 runbooks valid");
  }

  /**
   * A runbook whose branch step {@code judge} matches {@code code} on the backpressure probe's
   * findings.
   */
  private Path backpressureRunbook(String name, String code) throws Exception {
    return Files.writeString(
        dir.resolve(name + ".yaml"),
        """
        name: %s
        match: {keywords: [backpressure]}
        inputs:
          job: {from: [job_name], required: true}
        steps:
          - id: look
            probe: flink.backpressure
            args: {job: "${inputs.job}"}
            output: bp
            next: judge
          - id: judge
            branch:
              - when: {finding: {output: bp, code: %s}}
                next: found
            otherwise: none
          - id: found
            end: {category: BACKPRESSURE, headline: found, confidence: HIGH}
          - id: none
            end: {category: NO_FAULT, headline: none, confidence: LOW}
        """
            .formatted(name, code));
  }

  @Test
  void namesAFileThatCannotBeRead() {
    assertThat(cli.run("runbooks", "validate", dir.resolve("missing.yaml").toString()))
        .isEqualTo(1);
    assertThat(cli.err()).contains("missing.yaml: cannot read the file");
  }

  @Test
  void showsAShippedRunbookAndRefusesAnUnknownName() {
    assertThat(cli.run("runbooks", "show", "kafka-lag")).isZero();
    assertThat(cli.out()).startsWith("# A consumer group is behind").contains("probe: kafka.lag");

    assertThat(cli.run("runbooks", "show", "nope")).isEqualTo(2);
    assertThat(cli.err())
        .contains("no shipped runbook named 'nope'")
        .contains("flink-backpressure");
  }
}
