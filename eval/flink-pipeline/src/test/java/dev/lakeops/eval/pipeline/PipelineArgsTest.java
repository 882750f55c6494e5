package dev.lakeops.eval.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class PipelineArgsTest {

  @Test
  void appliesDefaultsToOptionalOptions() {
    PipelineArgs args =
        PipelineArgs.parse(
            "--rest-port", "18081", "--bootstrap", "127.0.0.1:19092", "--control-file", "/tmp/c");

    assertThat(args)
        .isEqualTo(
            new PipelineArgs(
                18081, "127.0.0.1:19092", "orders", Path.of("/tmp/c"), 2000, "orders-to-lake", 2));
  }

  @Test
  void readsEveryOption() {
    PipelineArgs args =
        PipelineArgs.parse(
            "--rest-port",
            "1",
            "--bootstrap",
            "b:1",
            "--topic",
            "t",
            "--control-file",
            "c",
            "--records-per-second",
            "5",
            "--job-name",
            "j",
            "--parallelism",
            "3");

    assertThat(args).isEqualTo(new PipelineArgs(1, "b:1", "t", Path.of("c"), 5, "j", 3));
  }

  @Test
  void rejectsAnUnknownOption() {
    assertThatThrownBy(() -> PipelineArgs.parse("--rest-prot", "1"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Unknown option: --rest-prot");
  }

  @Test
  void rejectsAMissingRequiredOption() {
    assertThatThrownBy(() -> PipelineArgs.parse("--rest-port", "1", "--bootstrap", "b:1"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--control-file");
  }

  @Test
  void rejectsAnOptionWithoutValue() {
    assertThatThrownBy(() -> PipelineArgs.parse("--rest-port"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Missing value for option --rest-port");
  }

  @Test
  void rejectsANumberThatIsNotOne() {
    assertThatThrownBy(
            () ->
                PipelineArgs.parse(
                    "--rest-port", "x18081", "--bootstrap", "b:1", "--control-file", "c"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--rest-port")
        .hasMessageContaining("x18081");
  }

  @Test
  void rejectsAZeroRate() {
    assertThatThrownBy(
            () ->
                PipelineArgs.parse(
                    "--rest-port",
                    "1",
                    "--bootstrap",
                    "b:1",
                    "--control-file",
                    "c",
                    "--records-per-second",
                    "0"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--records-per-second: 0");
  }
}
