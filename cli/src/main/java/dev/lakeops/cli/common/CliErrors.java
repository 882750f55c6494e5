package dev.lakeops.cli.common;

import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.ToolReports;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** One line for a person about a failed command: what failed and why, no stack trace. */
public final class CliErrors {

  private CliErrors() {}

  /**
   * Bad input the command can name: exit code 2, and on stderr {@code what: } followed by the
   * cause's message, e.g. {@code --partition region=eu: 'region' is not a partition key}.
   */
  public static ParameterException badInput(CommandSpec spec, String what, RuntimeException cause) {
    return new ParameterException(spec.commandLine(), what + ": " + cause.getMessage(), cause);
  }

  public static String describe(Throwable e) {
    if (e instanceof ProbeException p) {
      return ToolReports.describe(p);
    }
    String message = e.getMessage();
    if (message == null || message.isBlank()) {
      return e.getClass().getSimpleName()
          + " (run with -Dorg.slf4j.simpleLogger.defaultLogLevel=debug for details)";
    }
    return message;
  }
}
