package dev.lakeops.tools.table;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.tools.Finding;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the duplicate-key findings say for each table kind (pure, over snapshot records). */
class DuplicateKeysAnalyzerTest {

  private final DuplicateKeysAnalyzer analyzer = new DuplicateKeysAnalyzer();

  /** A primary-key table (dt, id) whose key {@code id=1} a reader sees twice. */
  private static DuplicateKeysSnapshot visibleTwice(int bucket) {
    DuplicateSet twice =
        new DuplicateSet(
            1,
            1,
            List.of("dt=2024-01-01,id=1"),
            List.of(new DuplicateGroup(List.of(1L, 2L), 1, 1)));
    return new DuplicateKeysSnapshot(
        "db.orders",
        "/lake/db.db/orders",
        2,
        true,
        List.of("dt", "id"),
        List.of("dt", "id"),
        "",
        2,
        2,
        2,
        twice,
        DuplicateSet.NONE,
        Map.of(
            1L, new SnapshotOrigin(1, "job-a", 1, "APPEND"),
            2L, new SnapshotOrigin(2, "job-a", 2, "APPEND")),
        false,
        "deduplicate",
        bucket);
  }

  private static Finding visible(List<Finding> findings) {
    return findings.stream()
        .filter(f -> f.code().equals("table.duplicates.visible"))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void aPrimaryKeySeenTwiceOnADynamicBucketTableIsBlamedOnItsHashIndex() {
    Finding f = visible(analyzer.analyze(visibleTwice(-1)));

    assertThat(f.summary())
        .contains("different buckets")
        .contains("dynamic-bucket table (bucket=-1)")
        .doesNotContain("rows differ in it");
    assertThat(f.evidence())
        .containsEntry("bucket", "-1")
        .containsEntry("mergeEngine", "deduplicate");
  }

  @Test
  void aPrimaryKeySeenTwiceOnAFixedBucketTableIsBlamedOnTheBucketCount() {
    Finding f = visible(analyzer.analyze(visibleTwice(4)));

    assertThat(f.summary())
        .contains("bucket=4 changed without rescaling")
        .doesNotContain("hash index");
  }
}
