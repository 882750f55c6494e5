package dev.lakeops.cli.table;

import dev.lakeops.table.write.CompactionListener;
import dev.lakeops.table.write.CompactionProgress;
import dev.lakeops.tools.Json;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Progress of {@code table compact} on stderr, so that stdout keeps only the result: a line for a
 * person ({@code lakeops: compact db.t: 3 of 10 files, ... (27%), 1 of 2 buckets}), or with {@code
 * --json} one JSON object per line ({@code "event":"compaction.progress"}). Printed when the plan
 * is known, after each bucket, and in between at most once a second.
 */
final class CompactionProgressPrinter implements CompactionListener {

  static final long INTERVAL_NANOS = 1_000_000_000L;

  private final PrintWriter err;
  private final boolean json;
  private final String table;
  private final LongSupplier nanoTime;
  private int lastBuckets = -1;
  private long lastPrinted;

  CompactionProgressPrinter(PrintWriter err, boolean json, String table, LongSupplier nanoTime) {
    this.err = err;
    this.json = json;
    this.table = table;
    this.nanoTime = nanoTime;
  }

  @Override
  public void onProgress(CompactionProgress p) {
    long now = nanoTime.getAsLong();
    boolean bucketBoundary = p.bucketsDone() != lastBuckets;
    if (!bucketBoundary && now - lastPrinted < INTERVAL_NANOS) {
      return;
    }
    lastBuckets = p.bucketsDone();
    lastPrinted = now;
    err.println(json ? json(p) : text(p));
    err.flush();
  }

  private String json(CompactionProgress p) {
    Map<String, Object> event = new LinkedHashMap<>();
    event.put("event", "compaction.progress");
    event.put("table", table);
    event.put("bucketsDone", p.bucketsDone());
    event.put("bucketsTotal", p.bucketsTotal());
    event.put("filesDone", p.filesDone());
    event.put("filesTotal", p.filesTotal());
    event.put("bytesDone", p.bytesDone());
    event.put("bytesTotal", p.bytesTotal());
    return Json.compact(event);
  }

  private String text(CompactionProgress p) {
    return "lakeops: compact "
        + table
        + ": "
        + p.filesDone()
        + " of "
        + p.filesTotal()
        + " files, "
        + p.bytesDone()
        + " of "
        + p.bytesTotal()
        + " bytes ("
        + Math.round(p.fraction() * 100)
        + "%), "
        + p.bucketsDone()
        + " of "
        + p.bucketsTotal()
        + " buckets";
  }
}
