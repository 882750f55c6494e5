package dev.lakeops.eval.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.flink.cdc.DebeziumJson;
import java.nio.file.Path;
import java.util.Map;
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
                18081,
                "127.0.0.1:19092",
                "orders",
                Path.of("/tmp/c"),
                2000,
                "orders-to-lake",
                2,
                null,
                Map.of(),
                2000,
                DebeziumJson.DecimalText.BASE64));
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
            "3",
            "--warehouse",
            "/lake",
            "--cdc",
            "shop.shop.orders=lake.orders, shop.shop.payments=lake.payments",
            "--cdc-checkpoint-millis",
            "500",
            "--cdc-decimals",
            "text");

    assertThat(args)
        .isEqualTo(
            new PipelineArgs(
                1,
                "b:1",
                "t",
                Path.of("c"),
                5,
                "j",
                3,
                "/lake",
                Map.of("shop.shop.orders", "lake.orders", "shop.shop.payments", "lake.payments"),
                500,
                DebeziumJson.DecimalText.TEXT));
  }

  @Test
  void rejectsCdcRoutesThatAreNotTopicToTableOrLackTheirWarehouse() {
    String[] base = {"--rest-port", "1", "--bootstrap", "b:1", "--control-file", "c"};
    assertThatThrownBy(() -> PipelineArgs.parse(with(base, "--cdc", "t=lake.orders")))
        .hasMessage("Missing required option --warehouse (the lake of the --cdc tables)");
    assertThatThrownBy(
            () -> PipelineArgs.parse(with(base, "--warehouse", "/l", "--cdc", "t=orders")))
        .hasMessage("Invalid --cdc route 't=orders': expected TOPIC=DATABASE.TABLE");
    assertThatThrownBy(
            () -> PipelineArgs.parse(with(base, "--warehouse", "/l", "--cdc", "t=a.b,t=a.c")))
        .hasMessage("Invalid --cdc: topic t given twice");
    assertThatThrownBy(
            () ->
                PipelineArgs.parse(
                    with(
                        base,
                        "--warehouse",
                        "/l",
                        "--cdc",
                        "t=a.b",
                        "--cdc-checkpoint-millis",
                        "5")))
        .hasMessage("Invalid --cdc-checkpoint-millis: 5 (must be >= 100)");
    assertThatThrownBy(() -> PipelineArgs.parse(with(base, "--cdc-decimals", "hex")))
        .hasMessage("Invalid --cdc-decimals: 'hex' (must be base64 or text)");
  }

  private static String[] with(String[] base, String... more) {
    String[] all = java.util.Arrays.copyOf(base, base.length + more.length);
    System.arraycopy(more, 0, all, base.length, more.length);
    return all;
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
