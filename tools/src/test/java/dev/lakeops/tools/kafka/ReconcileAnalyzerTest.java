package dev.lakeops.tools.kafka;

import static dev.lakeops.tools.kafka.Fixtures.codes;
import static dev.lakeops.tools.kafka.Fixtures.only;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Offset-range reconciliation: which differences are loss, duplicates, or only offset arithmetic.
 */
class ReconcileAnalyzerTest {

  private static final Instant AT = Instant.parse("2026-01-01T00:00:00Z");
  private final ReconcileAnalyzer analyzer = new ReconcileAnalyzer();

  @Test
  void matchesWhenTheSinkHoldsEveryRecord() {
    assertThat(codes(analyzer.analyze(snapshot(false, count(0, 0, 100, 100, 100)), 100, List.of())))
        .containsExactly("kafka.reconcile.match");
  }

  @Test
  void explainsDuplicatesWithARewind() {
    OffsetRewind rewind = new OffsetRewind("g", "orders", 0, 100, 40, AT);

    Finding f =
        only(
            analyzer.analyze(snapshot(false, count(0, 0, 100, 100, 100)), 160, List.of(rewind)),
            "kafka.reconcile.duplicates");

    assertThat(f.severity()).isEqualTo(Severity.WARN);
    assertThat(f.evidence())
        .containsEntry("duplicates", "60")
        .containsEntry("explainedByRewinds", "60")
        .containsEntry("unexplained", "0");
  }

  @Test
  void leavesDuplicatesUnexplainedWithoutARewind() {
    Finding f =
        only(
            analyzer.analyze(snapshot(false, count(0, 0, 100, 100, 100)), 130, List.of()),
            "kafka.reconcile.duplicates");

    assertThat(f.evidence())
        .containsEntry("explainedByRewinds", "0")
        .containsEntry("unexplained", "30");
  }

  @Test
  void explainsExtraRecordsAsAbortedRecordsReadUncommitted() {
    // 28 offsets: 20 data records of which 5 aborted, 3 markers... counted as 23 read_uncommitted,
    // 18 committed.
    RangeCount c = new RangeCount(new OffsetRange(0, 0, 28), 0, 28, 28, 0, 28, 23, 18, true, null);

    List<Finding> findings = analyzer.analyze(snapshot(false, c), 23, List.of());

    assertThat(codes(findings))
        .containsExactly("kafka.reconcile.offset-gaps", "kafka.reconcile.duplicates");
    assertThat(findings.get(1).evidence())
        .containsEntry("explainedByAbortedRecords", "5")
        .containsEntry("unexplained", "0");
    assertThat(findings.get(0).evidence())
        .containsEntry("nonDataOffsets", "5")
        .containsEntry("abortedRecords", "5");
  }

  @Test
  void callsMarkerGapsNoLossWhenTheSinkMatchesTheRecords() {
    RangeCount c = new RangeCount(new OffsetRange(0, 0, 11), 0, 11, 11, 0, 11, 10, 10, true, null);

    assertThat(codes(analyzer.analyze(snapshot(false, c), 10, List.of())))
        .containsExactly("kafka.reconcile.offset-gaps", "kafka.reconcile.match");
  }

  @Test
  void attributesGapsOfACompactedTopicToCompaction() {
    RangeCount c =
        new RangeCount(new OffsetRange(0, 0, 101), 0, 101, 101, 0, 101, 6, 6, true, null);

    Finding f =
        only(analyzer.analyze(snapshot(true, c), 6, List.of()), "kafka.reconcile.offset-gaps");

    assertThat(f.evidence())
        .containsEntry("compacted", "true")
        .containsEntry("nonDataOffsets", "95");
  }

  @Test
  void reportsMissingRecordsAsCritical() {
    Finding f =
        only(
            analyzer.analyze(snapshot(false, count(0, 0, 100, 100, 100)), 90, List.of()),
            "kafka.reconcile.missing");

    assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
    assertThat(f.evidence())
        .containsEntry("missing", "10")
        .containsEntry("sinkCount", "90")
        .containsEntry("sourceRecords", "100");
  }

  @Test
  void reportsRequestedOffsetsThatRetentionDeleted() {
    RangeCount c =
        new RangeCount(new OffsetRange(0, 30, 100), 60, 100, 100, 60, 100, 40, 40, true, null);

    assertThat(codes(analyzer.analyze(snapshot(false, c), 40, List.of())))
        .containsExactly("kafka.reconcile.range-deleted", "kafka.reconcile.match");
  }

  @Test
  void givesNoVerdictWhenCountingDidNotFinish() {
    RangeCount c =
        new RangeCount(new OffsetRange(0, 0, 100), 0, 100, 100, 0, 100, 50, 50, false, null);

    assertThat(codes(analyzer.analyze(snapshot(false, c), 100, List.of())))
        .containsExactly("kafka.reconcile.incomplete");
  }

  private static RangeCount count(int partition, long from, long to, long records, long committed) {
    return new RangeCount(
        new OffsetRange(partition, from, to), 0, to, to, from, to, records, committed, true, null);
  }

  private static RecordCountSnapshot snapshot(boolean compacted, RangeCount... counts) {
    TopicInfo topic =
        new TopicInfo("orders", 1, 1, Map.of("cleanup.policy", compacted ? "compact" : "delete"));
    return new RecordCountSnapshot(
        "prod", "kafka-1:9092", "orders", topic, AT, List.of(counts), List.of(), List.of());
  }
}
