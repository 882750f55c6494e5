package dev.lakeops.tools.binlog.plan;

import static java.util.Objects.requireNonNull;

import dev.lakeops.tools.binlog.file.BinlogVerdict;

/**
 * One binlog file's verdict and the event times around its damage: the planner's input per file.
 */
public record FileEvidence(BinlogVerdict verdict, EventTimes times) {
  public FileEvidence {
    requireNonNull(verdict, "verdict");
    requireNonNull(times, "times");
  }

  /** Evidence with no event times (a plan made from the verdict alone has no time window). */
  public static FileEvidence of(BinlogVerdict verdict) {
    return new FileEvidence(verdict, EventTimes.UNKNOWN);
  }

  /** The file's name without directories, as the server names it in SHOW BINARY LOGS. */
  public String fileName() {
    String path = verdict.file();
    int slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
    return slash >= 0 ? path.substring(slash + 1) : path;
  }
}
