package dev.lakeops.tools.flink;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import java.util.ArrayList;
import java.util.List;

/**
 * Judges how far a job's sources are behind their input and how old the data flowing through it is:
 * {@code pendingRecords} and {@code records-lag-max} (records not yet read), fetch and emit
 * event-time lag, per-partition read vs committed offsets, idle sources, and watermark lag per
 * vertex ({@code flink-rest.md} §5.4, §6). Pure.
 *
 * <p>Codes: {@code flink.source.lag}, {@code flink.source.idle}, {@code flink.watermark.lag},
 * {@code flink.source.ok}.
 */
public final class SourceLagAnalyzer {

  /** Records behind at which a source counts as lagging (about 10 s of a modest topic). */
  static final double LAG_RECORDS = 10_000;

  /** Event-time lag at which a source or watermark counts as behind. */
  static final double LAG_MILLIS = 60_000;

  /** Critical at this multiple of a threshold. */
  static final double CRITICAL_FACTOR = 10;

  /** A source idle this long (or idle ~1000 ms/s with no output) reads nothing. */
  static final double IDLE_MILLIS = 60_000;

  static final double IDLE_MS_PER_SECOND = 990;

  public List<Finding> analyze(FlinkHealthSnapshot s) {
    if (!s.job().isRunning()) {
      return List.of();
    }
    List<String> sources =
        s.endpoints().stream()
            .filter(
                p ->
                    p.contains("/metrics") && p.contains("/vertices/") || p.contains("/watermarks"))
            .toList();
    List<Finding> findings = new ArrayList<>();
    for (SourceSample src : s.sources()) {
      String subject = "flink job " + s.job().name() + " / vertex " + src.vertex().name();
      Evidence e = evidence(s, src);
      // records-lag-max is the Kafka consumer's maximum over a sampling window (about a minute), so
      // it stays high after a backlog is drained; pendingRecords is current and wins when reported.
      double records =
          src.pendingRecords() != null ? src.pendingRecords() : orZero(src.recordsLagMax());
      double millis = Math.max(orZero(src.fetchLagMillis()), orZero(src.emitLagMillis()));
      if (records >= LAG_RECORDS || millis >= LAG_MILLIS) {
        Severity severity =
            records >= CRITICAL_FACTOR * LAG_RECORDS || millis >= CRITICAL_FACTOR * LAG_MILLIS
                ? Severity.CRITICAL
                : Severity.WARN;
        findings.add(
            new Finding(
                severity,
                "flink.source.lag",
                subject,
                "Source '"
                    + src.vertex().name()
                    + "' is behind its input: "
                    + Evidence.number(records)
                    + " records not yet read"
                    + (millis > 0 ? ", event-time lag " + Evidence.duration((long) millis) : "")
                    + ". Kafka-side consumer lag of a Flink source moves only on checkpoints; these"
                    + " figures are the job's own.",
                e.map(),
                sources));
      } else if (isIdle(src)) {
        findings.add(
            new Finding(
                Severity.WARN,
                "flink.source.idle",
                subject,
                "Source '"
                    + src.vertex().name()
                    + "' reads nothing: idle "
                    + (src.sourceIdleMillis() == null
                        ? ""
                        : Evidence.duration(src.sourceIdleMillis().longValue()) + ", ")
                    + "no records out. Check that its topic or table receives data.",
                e.map(),
                sources));
      }
    }
    VertexWatermark worst = null;
    long worstLag = 0;
    for (VertexWatermark w : s.watermarks()) {
      if (w.minWatermarkMillis() != null && s.nowMillis() - w.minWatermarkMillis() > worstLag) {
        worst = w;
        worstLag = s.nowMillis() - w.minWatermarkMillis();
      }
    }
    if (worst != null && worstLag >= LAG_MILLIS) {
      findings.add(
          new Finding(
              worstLag >= CRITICAL_FACTOR * LAG_MILLIS ? Severity.CRITICAL : Severity.WARN,
              "flink.watermark.lag",
              "flink job " + s.job().name() + " / vertex " + worst.vertex().name(),
              "The watermark at '"
                  + worst.vertex().name()
                  + "' is "
                  + Evidence.duration(worstLag)
                  + " behind: event-time results (windows, joins) are that late.",
              new Evidence()
                  .put("job", s.job().name())
                  .put("vertex", worst.vertex().name())
                  .put("vertexId", worst.vertex().id())
                  .put("watermarkLagMs", worstLag)
                  .put("watermark", worst.minWatermarkMillis())
                  .map(),
              sources));
    }
    if (findings.isEmpty() && !s.sources().isEmpty()) {
      Evidence e = new Evidence().put("job", s.job().name()).put("sources", s.sources().size());
      for (SourceSample src : s.sources()) {
        e.put("source[" + src.vertex().name() + "].pendingRecords", src.pendingRecords())
            .put(
                "source[" + src.vertex().name() + "].recordsOutPerSecond",
                src.recordsOutPerSecond());
      }
      findings.add(
          new Finding(
              Severity.OK,
              "flink.source.ok",
              "flink job " + s.job().name(),
              "Sources keep up with their input and no watermark is behind.",
              e.map(),
              sources));
    }
    return findings;
  }

  private static boolean isIdle(SourceSample src) {
    boolean longIdle = src.sourceIdleMillis() != null && src.sourceIdleMillis() >= IDLE_MILLIS;
    boolean noOutput =
        src.recordsOutPerSecond() != null
            && src.recordsOutPerSecond() == 0
            && src.idleMsPerSecond() != null
            && src.idleMsPerSecond() >= IDLE_MS_PER_SECOND;
    return longIdle || noOutput;
  }

  private static Evidence evidence(FlinkHealthSnapshot s, SourceSample src) {
    Evidence e =
        new Evidence()
            .put("job", s.job().name())
            .put("vertex", src.vertex().name())
            .put("vertexId", src.vertex().id())
            .put("pendingRecords", src.pendingRecords())
            .put("records-lag-max", src.recordsLagMax())
            .put("currentFetchEventTimeLag", src.fetchLagMillis())
            .put("currentEmitEventTimeLag", src.emitLagMillis())
            .put("watermarkLag", src.watermarkLagMillis())
            .put("sourceIdleTime", src.sourceIdleMillis())
            .put("recordsOutPerSecond", src.recordsOutPerSecond());
    for (SourceSample.PartitionOffsets p : src.partitions()) {
      e.put(
          "partition[" + p.topic() + "-" + p.partition() + "]",
          "current="
              + Evidence.number(p.currentOffset())
              + (p.committedOffset() == null
                  ? ""
                  : " committed=" + Evidence.number(p.committedOffset())));
    }
    return e;
  }

  private static double orZero(Double d) {
    return d == null ? 0 : d;
  }
}
