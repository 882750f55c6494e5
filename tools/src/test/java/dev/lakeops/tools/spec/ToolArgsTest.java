package dev.lakeops.tools.spec;

import static dev.lakeops.tools.spec.ParamType.BOOLEAN;
import static dev.lakeops.tools.spec.ParamType.DURATION;
import static dev.lakeops.tools.spec.ParamType.INTEGER;
import static dev.lakeops.tools.spec.ParamType.LIST;
import static dev.lakeops.tools.spec.ParamType.NUMBER;
import static dev.lakeops.tools.spec.ParamType.STRING;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ToolArgsTest {

  private static final ToolSpec SPEC =
      new ToolSpec(
          "test.probe",
          "A probe for tests.",
          List.of(
              ToolParam.required("cluster", STRING, "Cluster"),
              ToolParam.optional("samples", INTEGER, "Probes").between(1, 20),
              ToolParam.optional("interval", DURATION, "Pause").withDefault("5s"),
              ToolParam.optional("keys", LIST, "Columns"),
              ToolParam.optional("ratio", NUMBER, "Ratio"),
              ToolParam.optional("strict", BOOLEAN, "Strict")),
          FindingCodes.none());

  @Test
  void readsTextValuesAsTheirDeclaredTypes() {
    ToolArgs args =
        ToolArgs.read(
            SPEC,
            Map.of(
                "cluster",
                " prod ",
                "samples",
                "3",
                "interval",
                "2m",
                "keys",
                "a, b,,c",
                "ratio",
                "0.5",
                "strict",
                "TRUE"));

    assertThat(args.string("cluster")).isEqualTo("prod");
    assertThat(args.integer("samples")).isEqualTo(3);
    assertThat(args.duration("interval")).isEqualTo(Duration.ofMinutes(2));
    assertThat(args.list("keys")).containsExactly("a", "b", "c");
    assertThat(args.optionalNumber("ratio")).contains(0.5);
    assertThat(args.optionalBoolean("strict")).contains(true);
  }

  @Test
  void readsJsonValuesAsTheirDeclaredTypes() {
    ToolArgs args =
        ToolArgs.read(
            SPEC,
            Map.of(
                "cluster",
                "prod",
                "samples",
                3,
                "keys",
                List.of("a", " b "),
                "ratio",
                2,
                "strict",
                false));

    assertThat(args.integer("samples")).isEqualTo(3);
    assertThat(args.list("keys")).containsExactly("a", "b");
    assertThat(args.optionalNumber("ratio")).contains(2.0);
    assertThat(args.optionalBoolean("strict")).contains(false);
    assertThat(args.given()).containsEntry("keys", "a, b ").containsEntry("samples", "3");
  }

  @Test
  void fillsDeclaredDefaultsAndLeavesOtherOmittedParametersAbsent() {
    ToolArgs args = ToolArgs.read(SPEC, Map.of("cluster", "prod", "samples", " "));

    assertThat(args.duration("interval")).isEqualTo(Duration.ofSeconds(5));
    assertThat(args.optionalInteger("samples")).isEmpty();
    assertThat(args.list("keys")).isEmpty();
    assertThat(args.has("interval")).isTrue();
    assertThat(args.has("samples")).isFalse();
    assertThat(args.given()).containsOnlyKeys("cluster");
  }

  @Test
  void aValueThatDoesNotReadNamesTheToolTheParameterTheValueAndWhatWasExpected() {
    assertThatThrownBy(() -> ToolArgs.read(SPEC, Map.of("cluster", "prod", "samples", "many")))
        .isInstanceOf(ToolArgumentException.class)
        .hasMessage(
            "tool test.probe: parameter samples must be a whole number from 1 to 20, was 'many'");
    assertThatThrownBy(() -> ToolArgs.read(SPEC, Map.of("cluster", "prod", "samples", 21)))
        .hasMessageContaining("parameter samples must be a whole number from 1 to 20, was '21'");
    assertThatThrownBy(() -> ToolArgs.read(SPEC, Map.of("cluster", "prod", "samples", 2.5)))
        .hasMessageContaining("parameter samples must be a whole number from 1 to 20, was '2.5'");
    assertThatThrownBy(() -> ToolArgs.read(SPEC, Map.of("cluster", "prod", "interval", "soon")))
        .hasMessageContaining(
            "parameter interval must be a duration such as 500ms, 30s, 2m or 1h, was 'soon'");
    assertThatThrownBy(() -> ToolArgs.read(SPEC, Map.of("cluster", "prod", "strict", "yes")))
        .hasMessageContaining("parameter strict must be true or false, was 'yes'");
    assertThatThrownBy(() -> ToolArgs.read(SPEC, Map.of("cluster", List.of("a", "b"))))
        .hasMessageContaining("parameter cluster must be text, was 'a,b'");
  }

  @Test
  void namesMissingAndUnknownParametersAllAtOnce() {
    Map<String, Object> raw = new LinkedHashMap<>();
    raw.put("sampels", "2");
    raw.put("ratio", "x");

    assertThatThrownBy(() -> ToolArgs.read(SPEC, raw))
        .isInstanceOf(ToolArgumentException.class)
        .hasMessage(
            "tool test.probe: unknown parameter 'sampels' (it takes cluster, samples, interval,"
                + " keys, ratio, strict); parameter ratio must be a number, was 'x'; missing"
                + " parameter(s) cluster")
        .satisfies(e -> assertThat(((ToolArgumentException) e).problems()).hasSize(3));
  }

  @Test
  void aBlankRequiredValueIsMissing() {
    assertThatThrownBy(() -> ToolArgs.read(SPEC, Map.of("cluster", "  ")))
        .hasMessage("tool test.probe: missing parameter(s) cluster");
  }

  @Test
  void readingAnUndeclaredParameterOrAsAnotherTypeIsABug() {
    ToolArgs args = ToolArgs.read(SPEC, Map.of("cluster", "prod"));

    assertThatThrownBy(() -> args.string("nope"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no parameter nope");
    assertThatThrownBy(() -> args.integer("cluster"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("STRING, not INTEGER");
    assertThatThrownBy(() -> args.integer("samples"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("optional");
  }

  @Test
  void aDeclarationWhoseDefaultDoesNotReadIsRefused() {
    assertThatThrownBy(
            () ->
                new ToolSpec(
                    "test.bad",
                    "",
                    List.of(ToolParam.optional("n", INTEGER, "").between(1, 5).withDefault("9")),
                    FindingCodes.none()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Default '9' of parameter n of tool test.bad");
    assertThatThrownBy(
            () ->
                new ToolSpec(
                    "test.bad",
                    "",
                    List.of(
                        ToolParam.required("n", STRING, ""), ToolParam.optional("n", STRING, "")),
                    FindingCodes.none()))
        .hasMessageContaining("declares parameter n twice");
  }
}
