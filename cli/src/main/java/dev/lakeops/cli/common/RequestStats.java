package dev.lakeops.cli.common;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParseResult;

/**
 * An option group that can report, after its command ran, the requests it made (the {@code --stats}
 * of a warehouse on a store). The command line asks every such mixin of the command that ran, also
 * when the command failed.
 */
public interface RequestStats {

  /** Prints the requests when they were asked for; prints nothing otherwise. */
  void printStats(PrintWriter err);

  /** Runs the command {@code parsed} names, then prints the requests of its mixins. */
  static int runAndReport(ParseResult parsed) {
    try {
      return new CommandLine.RunLast().execute(parsed);
    } finally {
      ParseResult last = parsed;
      while (last.hasSubcommand()) {
        last = last.subcommand();
      }
      report(last.commandSpec(), last.commandSpec().commandLine().getErr());
    }
  }

  private static void report(CommandSpec spec, PrintWriter err) {
    for (CommandSpec mixin : spec.mixins().values()) {
      if (mixin.userObject() instanceof RequestStats stats) {
        stats.printStats(err);
      }
      report(mixin, err);
    }
  }
}
