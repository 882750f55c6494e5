package dev.lakeops.runbooks.action;

import dev.lakeops.table.write.CompactionListener;
import dev.lakeops.table.write.CompactionProgress;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the latest progress of the compaction an approved {@code table.compact} runs, so that its
 * outcome (and the audit record made from it) says how far the compaction got, and logs each bucket
 * done so that a long compaction shows progress while it runs.
 */
final class CompactionProgressRecord implements CompactionListener {

  private static final Logger LOG = LoggerFactory.getLogger(CompactionProgressRecord.class);

  private final String table;
  private CompactionProgress latest = new CompactionProgress(0, 0, 0, 0, 0, 0);
  private int loggedBuckets = -1;

  CompactionProgressRecord(String table) {
    this.table = table;
  }

  @Override
  public void onProgress(CompactionProgress progress) {
    latest = progress;
    if (progress.bucketsDone() != loggedBuckets) {
      loggedBuckets = progress.bucketsDone();
      LOG.info("compact {}: {}", table, describe());
    }
  }

  CompactionProgress latest() {
    return latest;
  }

  /** {@code 3 of 10 files, 4096 of 8192 bytes (50%), 1 of 2 buckets}. */
  String describe() {
    CompactionProgress p = latest;
    return p.filesDone()
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

  /** The figures an outcome reports, under names a person reads in the audit log. */
  Map<String, Long> figures() {
    CompactionProgress p = latest;
    Map<String, Long> f = new LinkedHashMap<>();
    f.put("progress buckets done", (long) p.bucketsDone());
    f.put("progress buckets planned", (long) p.bucketsTotal());
    f.put("progress files done", (long) p.filesDone());
    f.put("progress files planned", (long) p.filesTotal());
    f.put("progress bytes done", p.bytesDone());
    f.put("progress bytes planned", p.bytesTotal());
    return f;
  }
}
