package dev.lakeops.cli;

import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.ToolReports;

/** One line for a person about a failed command: what failed and why, no stack trace. */
public final class CliErrors {

  private CliErrors() {}

  public static String describe(Throwable e) {
    if (e instanceof ProbeException p) {
      return ToolReports.describe(p);
    }
    String message = e.getMessage();
    if (message == null || message.isBlank()) {
      return e.getClass().getSimpleName() + " (run with -Dorg.slf4j.simpleLogger.defaultLogLevel=debug for details)";
    }
    return message;
  }
}
