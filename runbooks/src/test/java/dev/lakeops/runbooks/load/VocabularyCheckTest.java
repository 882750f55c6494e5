package dev.lakeops.runbooks.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.runbooks.graph.RunbookGraph;
import org.junit.jupiter.api.Test;

/**
 * Runbooks read concepts and match signals of the alert vocabulary; misspelt ones are refused where
 * they are.
 */
class VocabularyCheckTest {

  private static String runbook(String match, String from, String path) {
    return "name: t\nmatch: "
        + match
        + "\ninputs:\n  path: {from: "
        + from
        + ", required: true}\nsteps:\n"
        + "  - id: verify-file\n    probe: binlog.verify\n    args: {path: \""
        + path
        + "\"}\n    output: v\n    next: done\n"
        + "  - id: done\n    end: {category: NO_FAULT, headline: ok, confidence: LOW}\n";
  }

  @Test
  void acceptsKnownConceptsSignalsLabelsAndConceptReferences() {
    RunbookGraph g =
        RunbookLoader.lakeops()
            .load(
                "t.yaml",
                runbook(
                    "{signals: [cdc.binlog-corruption], related: [cdc.source-down]}",
                    "[binlog.file, binlog_path]",
                    "${concepts.binlog.file}"));

    assertThat(g.inputs().get("path").concepts())
        .containsExactly("binlog.file", "label:binlog_path");
    assertThat(g.inputs().get("path").fromLabels())
        .startsWith("binlog_path", "binlog_file")
        .contains("file");
    assertThat(g.match().signals()).containsExactly("cdc.binlog-corruption");
  }

  @Test
  void refusesAnUnknownConceptOfAnInputSuggestingTheClosest() {
    assertThatThrownBy(
            () ->
                RunbookLoader.lakeops()
                    .load(
                        "t.yaml",
                        runbook(
                            "{signals: [cdc.binlog-corruption]}",
                            "[binlog.fil]",
                            "${inputs.path}")))
        .isInstanceOf(RunbookException.class)
        .hasMessageContaining(
            "t.yaml: input 'path' reads unknown concept 'binlog.fil'; did you mean binlog.file?");
  }

  @Test
  void refusesAnUnknownConceptReadByAStepNamingTheStep() {
    assertThatThrownBy(
            () ->
                RunbookLoader.lakeops()
                    .load(
                        "t.yaml",
                        runbook(
                            "{signals: [cdc.binlog-corruption]}",
                            "[binlog.file]",
                            "${concepts.binlog.flie}")))
        .hasMessageContaining(
            "t.yaml: step 'verify-file': reads unknown concept 'binlog.flie'; did you mean"
                + " binlog.file?");
  }

  @Test
  void refusesAnUnknownSignal() {
    assertThatThrownBy(
            () ->
                RunbookLoader.lakeops()
                    .load(
                        "t.yaml",
                        runbook(
                            "{signals: [cdc.binlog-corrupt]}", "[binlog.file]", "${inputs.path}")))
        .hasMessageContaining(
            "match names unknown signal 'cdc.binlog-corrupt'; did you mean cdc.binlog-corruption?");
  }
}
