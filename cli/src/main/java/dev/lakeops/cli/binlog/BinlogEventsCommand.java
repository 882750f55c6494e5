package dev.lakeops.cli.binlog;

import dev.lakeops.cli.common.CliErrors;
import dev.lakeops.cli.common.OutputOptions;
import dev.lakeops.tools.Json;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.binlog.file.BinlogEventLister;
import dev.lakeops.tools.binlog.file.ListedEvent;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code lakeops binlog events FILE}: one line per event as it is read; exit 0 when no listed event
 * is damaged.
 */
@Command(
    name = "events",
    mixinStandardHelpOptions = true,
    description =
        "Lists the events of one binlog file with offset, type, size, log_pos, time, server id, CRC"
            + " outcome and a short info (GTID, SQL, db.table, xid); damaged spans are listed with"
            + " the reason.")
final class BinlogEventsCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "FILE",
      description = "A binlog file, e.g. mysql-bin.000042")
  Path file;

  @Option(
      names = "--from",
      paramLabel = "POS",
      description = "List from the first event at or after this offset (default 0)")
  long from;

  @Option(names = "--limit", paramLabel = "N", description = "Most events to list (default 100)")
  int limit = 100;

  @Mixin OutputOptions output;

  @Override
  public Integer call() {
    // Events are printed as they are read, so a large file shows progress: no OutputOptions.print.
    boolean json = output.json();
    PrintWriter out = spec.commandLine().getOut();
    boolean[] damaged = {false};
    boolean[] first = {true};
    try {
      if (json) {
        out.print("{\"file\":" + Json.compact(file.toString()) + ",\"events\":[");
      } else {
        out.printf(
            "%10s %10s  %-28s %8s %10s %-20s %9s %-8s %s%n",
            "offset", "end", "type", "size", "log_pos", "time", "server_id", "crc", "info");
      }
      BinlogEventLister.Summary summary =
          BinlogEventLister.list(
              file,
              from,
              limit,
              e -> {
                damaged[0] |= e.damage() != null;
                if (json) {
                  out.print((first[0] ? "" : ",") + Json.compact(e));
                  first[0] = false;
                } else {
                  out.println(line(e));
                }
              });
      if (json) {
        out.println(
            "],\"checksum\":\""
                + summary.checksum()
                + "\",\"listed\":"
                + summary.listed()
                + ",\"limitReached\":"
                + summary.limitReached()
                + ",\"nextOffset\":"
                + summary.nextOffset()
                + "}");
      } else {
        out.println(
            summary.listed()
                + " event(s) listed"
                + (summary.limitReached() ? "; more follow: --from " + summary.nextOffset() : "")
                + " (checksum "
                + summary.checksum()
                + ")");
      }
    } catch (ProbeException | UncheckedIOException | IllegalArgumentException e) {
      if (json) {
        out.println("],\"error\":" + Json.compact(CliErrors.describe(e)) + "}");
      } else {
        out.println(file + ": " + CliErrors.describe(e));
      }
      out.flush();
      return 2;
    }
    out.flush();
    return damaged[0] ? 1 : 0;
  }

  private static String line(ListedEvent e) {
    String time = e.timestamp() > 0 ? Instant.ofEpochSecond(e.timestamp()).toString() : "-";
    String info = e.damage() == null ? e.info() : "DAMAGED: " + e.damage() + " (" + e.info() + ")";
    return String.format(
        "%10d %10s  %-28s %8s %10s %-20s %9s %-8s %s",
        e.offset(),
        e.size() < 0 ? "-" : Long.toString(e.end()),
        e.type(),
        e.size() < 0 ? "-" : Long.toString(e.size()),
        e.logPos() < 0 ? "-" : Long.toString(e.logPos()),
        time,
        e.serverId() < 0 ? "-" : Long.toString(e.serverId()),
        e.crc(),
        info);
  }
}
