package dev.lakeops.runbooks.action;

import dev.lakeops.table.Table;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.read.DataSplit;
import dev.lakeops.table.read.ScanPlan;
import java.nio.file.Path;

/** Checks verify steps of table actions share. */
final class TableChecks {

  private TableChecks() {}

  /** Every data file the latest snapshot reads exists. */
  static Verification.Check latestReadable(Table table) {
    ScanPlan plan = table.newScan().plan();
    int missing = 0;
    String first = null;
    for (DataSplit split : plan.splits()) {
      for (DataFileMeta f : split.files()) {
        Path p = table.locator().file(split.partition(), split.bucket(), f.fileName());
        if (!table.io().exists(p)) {
          missing++;
          first = first == null ? table.paths().root().relativize(p).toString() : first;
        }
      }
    }
    return new Verification.Check(
        missing == 0,
        "every data file of the latest snapshot exists ("
            + plan.fileCount()
            + " files"
            + (missing == 0 ? "" : "; " + missing + " missing, e.g. " + first)
            + ")");
  }

  /** Rows the latest snapshot reads (merged, as a query sees them). */
  static long rowCount(Table table) {
    return table.newRead().readAll(table.newScan().plan()).size();
  }
}
