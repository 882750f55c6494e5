package dev.lakeops.eval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.cli.LakeopsCli;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class SandboxCommandsTest {

  @Test
  void theSandboxCommandsJoinTheCommandLineThroughTheServiceLoader() {
    CommandLine cli = LakeopsCli.commandLine();

    assertThat(cli.getSubcommands()).containsKeys("demo", "bench");
    assertThat(cli.getSubcommands().get("bench").getSubcommands()).containsKey("triage");
    assertThat(cli.getSubcommands().get("kafka").getSubcommands()).containsKeys("bench", "lag");
  }
}
