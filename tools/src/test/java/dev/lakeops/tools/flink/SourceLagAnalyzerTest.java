package dev.lakeops.tools.flink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import java.util.List;
import org.junit.jupiter.api.Test;

class SourceLagAnalyzerTest {

  private final SourceLagAnalyzer analyzer = new SourceLagAnalyzer();

  private static SourceSample kafka(
      Double pending, Double lagMax, Double emitLag, Double idle, Double out) {
    return new SourceSample(
        Snapshots.SOURCE,
        pending,
        lagMax,
        null,
        emitLag,
        null,
        null,
        idle,
        out,
        List.of(new SourceSample.PartitionOffsets("events", 0, 9430, 9431.0)));
  }

  @Test
  void seesASourceFarBehindItsTopic() {
    // Figures measured on a Kafka source job (flink-rest.md §6).
    List<Finding> findings =
        analyzer.analyze(
            Snapshots.running().source(kafka(180_597.0, 101_163.0, 29_915.0, 0.0, 243.9)).build());

    assertThat(findings).extracting(Finding::code).containsExactly("flink.source.lag");
    assertThat(findings.get(0).severity()).isEqualTo(Severity.CRITICAL);
    assertThat(findings.get(0).evidence())
        .containsEntry("vertex", "Source: orders")
        .containsEntry("pendingRecords", "180597")
        .containsEntry("records-lag-max", "101163")
        .containsEntry("partition[events-0]", "current=9430 committed=9431");
  }

  @Test
  void callsASourceThatKeepsUpOk() {
    assertThat(
            analyzer.analyze(
                Snapshots.running().source(kafka(120.0, 80.0, 150.0, 400.0, 2000.0)).build()))
        .extracting(Finding::code)
        .containsExactly("flink.source.ok");
  }

  @Test
  void trustsCurrentPendingRecordsOverTheWindowedLagMaximum() {
    // Measured after a backlog was drained: records-lag-max still held the window's maximum.
    assertThat(
            analyzer.analyze(
                Snapshots.running().source(kafka(0.0, 12_357.0, 6.0, 0.0, 2032.0)).build()))
        .extracting(Finding::code)
        .containsExactly("flink.source.ok");
  }

  @Test
  void fallsBackToTheLagMaximumWithoutPendingRecords() {
    assertThat(
            analyzer.analyze(
                Snapshots.running().source(kafka(null, 50_000.0, null, 0.0, 2000.0)).build()))
        .extracting(Finding::code)
        .containsExactly("flink.source.lag");
  }

  @Test
  void seesASourceThatReadsNothing() {
    assertThat(
            analyzer.analyze(
                Snapshots.running().source(kafka(0.0, 0.0, null, 1000.0, 0.0)).build()))
        .extracting(Finding::code)
        .containsExactly("flink.source.idle");
  }

  @Test
  void namesTheVertexWithTheOldestWatermark() {
    List<Finding> findings =
        analyzer.analyze(
            Snapshots.running()
                .source(kafka(0.0, 0.0, 10.0, 0.0, 50.0))
                .watermark(Snapshots.SOURCE, Snapshots.NOW - 5_000)
                .watermark(Snapshots.SINK, Snapshots.NOW - 300_000)
                .build());

    assertThat(findings).extracting(Finding::code).containsExactly("flink.watermark.lag");
    assertThat(findings.get(0).evidence())
        .containsEntry("vertex", "lake-writer: Writer")
        .containsEntry("watermarkLagMs", "300000");
  }

  @Test
  void ignoresVerticesWithoutWatermarks() {
    assertThat(
            analyzer.analyze(
                Snapshots.running()
                    .source(kafka(0.0, 0.0, 10.0, 0.0, 50.0))
                    .watermark(Snapshots.SINK, null)
                    .build()))
        .extracting(Finding::code)
        .containsExactly("flink.source.ok");
  }

  @Test
  void judgesNoLagOfAJobThatDoesNotRun() {
    assertThat(
            analyzer.analyze(
                Snapshots.running()
                    .state("RESTARTING")
                    .source(kafka(180_597.0, null, null, null, null))
                    .build()))
        .isEmpty();
  }
}
