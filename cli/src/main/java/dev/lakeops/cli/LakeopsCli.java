package dev.lakeops.cli;

import dev.lakeops.cli.actions.ActionsCommand;
import dev.lakeops.cli.actions.AuditCommand;
import dev.lakeops.cli.binlog.BinlogCommand;
import dev.lakeops.cli.cdc.CdcCommand;
import dev.lakeops.cli.common.CliErrors;
import dev.lakeops.cli.common.RequestStats;
import dev.lakeops.cli.flink.FlinkCommand;
import dev.lakeops.cli.kafka.KafkaCommand;
import dev.lakeops.cli.runbooks.RunbooksCommand;
import dev.lakeops.cli.table.TableCommand;
import dev.lakeops.cli.triage.ChangesCommand;
import dev.lakeops.cli.triage.TriageCommand;
import java.util.ServiceLoader;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code ./lakeops <command>}: the one entry point. Errors a user can cause (bad arguments, an
 * unreachable system) end with one line on stderr and a non-zero exit code, never a stack trace.
 * Commands of other modules ({@code demo}, {@code bench}) join through {@link CliPlugin}.
 */
@Command(
    name = "lakeops",
    mixinStandardHelpOptions = true,
    version = "lakeops 0.1.0",
    description = "The first responder for the streaming lakehouse.",
    resourceBundle = "dev.lakeops.cli.OptionHelp",
    subcommands = {
      ServeCommand.class,
      TriageCommand.class,
      ChangesCommand.class,
      FlinkCommand.class,
      KafkaCommand.class,
      TableCommand.class,
      BinlogCommand.class,
      CdcCommand.class,
      RunbooksCommand.class,
      ActionsCommand.class,
      AuditCommand.class
    })
public final class LakeopsCli {

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  /**
   * The configured command line with every plugin found on the class path; tests call {@code
   * execute} on it.
   */
  public static CommandLine commandLine() {
    return commandLine(ServiceLoader.load(CliPlugin.class));
  }

  /**
   * The command line with the given plugins' commands.
   *
   * @throws IllegalStateException a plugin names a parent command that does not exist
   */
  static CommandLine commandLine(Iterable<CliPlugin> plugins) {
    CommandLine cli = new CommandLine(new LakeopsCli());
    for (CliPlugin plugin : plugins) {
      for (CliPlugin.PluggedCommand plugged : plugin.commands()) {
        CommandLine parent =
            plugged.parent().isEmpty() ? cli : cli.getSubcommands().get(plugged.parent());
        if (parent == null) {
          throw new IllegalStateException(
              "CLI plugin "
                  + plugin.getClass().getName()
                  + " adds a command under '"
                  + plugged.parent()
                  + "', which is no command (commands: "
                  + cli.getSubcommands().keySet()
                  + ")");
        }
        parent.addSubcommand(plugged.command());
      }
    }
    return withErrorLines(cli);
  }

  /** {@code cli}, ending an error a user can cause with one line on stderr and exit code 1. */
  static CommandLine withErrorLines(CommandLine cli) {
    cli.setExecutionStrategy(RequestStats::runAndReport);
    return cli.setExecutionExceptionHandler(
        (e, commandLine, parseResult) -> {
          commandLine.getErr().println("lakeops: " + CliErrors.describe(e));
          LoggerFactory.getLogger(LakeopsCli.class).debug("Command failed", e);
          return 1;
        });
  }
}
