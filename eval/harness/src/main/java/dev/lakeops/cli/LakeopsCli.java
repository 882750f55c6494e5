package dev.lakeops.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code ./lakeops <command>}: the one entry point. Errors a user can cause (bad arguments, an
 * unreachable system) end with one line on stderr and a non-zero exit code, never a stack trace.
 */
@Command(
    name = "lakeops",
    mixinStandardHelpOptions = true,
    version = "lakeops 0.1.0",
    description = "The first responder for the streaming lakehouse.",
    subcommands = {DemoCommand.class, ServeCommand.class, TriageCommand.class, FlinkCommand.class, KafkaCommand.class, TableCommand.class,
        BinlogCommand.class, RunbooksCommand.class, ActionsCommand.class, AuditCommand.class, BenchCommand.class})
public final class LakeopsCli {

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  /** The configured command line; tests call {@code execute} on it. */
  public static CommandLine commandLine() {
    CommandLine cli = new CommandLine(new LakeopsCli());
    cli.setExecutionExceptionHandler(
        (e, commandLine, parseResult) -> {
          commandLine.getErr().println("lakeops: " + CliErrors.describe(e));
          org.slf4j.LoggerFactory.getLogger(LakeopsCli.class).debug("Command failed", e);
          return 1;
        });
    return cli;
  }
}
