package dev.lakeops.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;

class LakeopsCliTest {

  @Command(name = "hello", description = "A plugged command.")
  static final class Hello implements Runnable {
    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
      spec.commandLine().getOut().println("hello from a plugin");
    }
  }

  @Test
  void hasTheProductCommandsAndNoSandboxCommandsWithoutPlugins() {
    CommandLine cli = LakeopsCli.commandLine(List.of());

    assertThat(cli.getSubcommands().keySet())
        .contains(
            "serve", "triage", "flink", "kafka", "table", "binlog", "runbooks", "actions", "audit")
        .doesNotContain("demo", "bench");
    assertThat(cli.getSubcommands().get("kafka").getSubcommands()).doesNotContainKey("bench");
  }

  @Test
  void addsAPluginsCommandsAtTopLevelAndUnderTheParentItNames() {
    CliPlugin plugin =
        () ->
            List.of(
                CliPlugin.PluggedCommand.topLevel(new Hello()),
                CliPlugin.PluggedCommand.under("kafka", new Hello()));
    CommandLine cli = LakeopsCli.commandLine(List.of(plugin));
    StringWriter out = new StringWriter();
    cli.setOut(new PrintWriter(out, true));

    int top = cli.execute("hello");
    int nested = cli.execute("kafka", "hello");

    assertThat(top).isZero();
    assertThat(nested).isZero();
    assertThat(out.toString()).contains("hello from a plugin\nhello from a plugin");
  }

  @Test
  void refusesAPluginWhoseParentCommandDoesNotExist() {
    CliPlugin plugin = () -> List.of(CliPlugin.PluggedCommand.under("kafak", new Hello()));

    assertThatThrownBy(() -> LakeopsCli.commandLine(List.of(plugin)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("'kafak'")
        .hasMessageContaining("kafka");
  }
}
