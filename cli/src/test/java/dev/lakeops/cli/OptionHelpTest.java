package dev.lakeops.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The help lines a shared option has in each command's own words ({@code OptionHelp.properties}).
 */
class OptionHelpTest {

  private final CommandLine cli = LakeopsCli.commandLine();

  private String help(String option, String... command) {
    CommandLine c = cli;
    for (String name : command) {
      c = c.getSubcommands().get(name);
    }
    return String.join(" ", c.getCommandSpec().findOption(option).description());
  }

  @Test
  void eachCommandSaysWhatItsJsonHolds() {
    assertThat(help("--json", "actions", "list")).isEqualTo("Print a JSON array of proposals");
    assertThat(help("--json", "binlog", "events"))
        .isEqualTo("One JSON object: file, events[], listed, limitReached, nextOffset");
    assertThat(help("--json", "flink", "source-lag")).isEqualTo("Print the report as compact JSON");
    assertThat(help("--json", "kafka", "lag")).isEqualTo("Print the report as JSON");
    assertThat(help("--json", "triage"))
        .isEqualTo("Print a JSON array of reports instead of Markdown");
  }

  @Test
  void aCommandNotListedSaysPrintJson() {
    assertThat(help("--json", "table", "list")).isEqualTo("Print JSON");
    assertThat(help("--json", "table", "tag", "create")).isEqualTo("Print JSON");
    assertThat(help("--json", "audit")).isEqualTo("Print JSON");
  }

  @Test
  void approveAndRejectSayWhereTheirDecisionComesFrom() {
    assertThat(help("--from", "actions", "approve"))
        .isEqualTo("Where the approval comes from (host, ticket); default: this host");
    assertThat(help("--from", "actions", "reject"))
        .isEqualTo("Where the decision comes from; default: this host");
  }
}
