package dev.lakeops.runbooks.approval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.runbooks.action.ActionKind;
import dev.lakeops.runbooks.action.ActionOutcome;
import dev.lakeops.runbooks.action.Preview;
import dev.lakeops.runbooks.action.RiskTier;
import dev.lakeops.runbooks.action.TestTables;
import dev.lakeops.runbooks.audit.AuditEvent;
import dev.lakeops.table.Table;
import dev.lakeops.table.maintenance.Tags;
import dev.lakeops.table.meta.Consumer;
import dev.lakeops.table.meta.ConsumerJson;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.system.TableMetadata;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Table actions run through the gate on real tables: the preview matches what happened, the undo
 * tag restores the prior content, verify passes and the audit chain holds.
 */
class TableActionExecutionTest {

  @TempDir Path dir;
  GateFixture f;
  static final ApprovalSource CLI = ApprovalSource.cli("test");

  @BeforeEach
  void setUp() {
    f = new GateFixture(dir.resolve("state"));
  }

  private Map<String, String> args(Table table, String... kv) {
    Map<String, String> m = new HashMap<>();
    m.put("table", table.paths().root().toString());
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return m;
  }

  /**
   * Proposes, approves as the tier requires and executes; the report, with the proposal's preview.
   */
  private Run run(ActionKind kind, Map<String, String> args) {
    Proposal p = f.gate.propose(ProposalRequest.of(kind, args, "agent"));
    f.gate.approve(p.id(), "alice", CLI);
    if (kind.tier() == RiskTier.DESTRUCTIVE) {
      f.gate.approve(p.id(), "bob", CLI);
    }
    ExecutionReport report = f.gate.execute(p.id(), "carol");
    assertThat(report.error()).isNull();
    assertThat(report.state()).isEqualTo(ProposalState.DONE);
    assertThat(report.verification().passed())
        .as(report.verification().checks().toString())
        .isTrue();
    return new Run(p, report);
  }

  private record Run(Proposal proposal, ExecutionReport report) {
    Preview preview() {
      return proposal.preview();
    }

    ActionOutcome outcome() {
      return report.outcome();
    }

    String undoTag() {
      return "lakeops-undo-" + proposal.id();
    }
  }

  private static long latest(Table t) {
    return t.latestSnapshot().map(Snapshot::id).orElseThrow();
  }

  @Test
  void rollbackRemovesWhatThePreviewListedAndTheUndoTagRestoresTheContent() {
    Table t = TestTables.orders(dir.resolve("wh"), 5);
    new Tags(t.io(), t.paths()).createTag("t4", 4);
    new Tags(t.io(), t.paths()).createTag("t1", 1);
    t.io()
        .writeAtomically(
            t.paths().consumerFile("reader"),
            ConsumerJson.toJson(new Consumer(6)).getBytes(StandardCharsets.UTF_8));
    List<String> before = TestTables.rows(t);

    Run r = run(ActionKind.TABLE_ROLLBACK_TO, args(t, "snapshot", "2"));

    assertThat(r.preview().items("snapshots removed")).containsExactly("5", "4", "3");
    assertThat(r.preview().items("tags removed")).containsExactly("t4");
    assertThat(r.preview().items("consumers going backwards"))
        .singleElement()
        .asString()
        .startsWith("reader: next snapshot 6 → 3");
    for (String key :
        List.of(
            "snapshots removed",
            "tags removed",
            "consumers going backwards",
            "changelogs removed")) {
      assertThat(r.outcome().items(key)).as(key).isEqualTo(r.preview().items(key));
    }
    assertThat(latest(t)).isEqualTo(2);
    assertThat(new TableMetadata(t).tags()).containsOnlyKeys("t1", r.undoTag());
    assertThat(TestTables.rowsOfTag(t, r.undoTag())).isEqualTo(before);

    Run undo = run(ActionKind.TABLE_ROLLBACK_TO_AS_LATEST, args(t, "tag", r.undoTag()));

    assertThat(undo.outcome().items("snapshots created"))
        .isEqualTo(undo.preview().items("snapshots created"))
        .containsExactly("3");
    assertThat(TestTables.rows(t)).isEqualTo(before);
    assertThat(f.records(AuditEvent.UNDO_POINT)).hasSize(1);
    assertThat(f.records(AuditEvent.VERIFIED))
        .allSatisfy(v -> assertThat(v.entry().details()).containsEntry("status", "PASSED"));
    assertThat(f.audit.verifyChain().intact()).isTrue();
  }

  @Test
  void rollbackToAsLatestKeepsHistoryAndReadsTheTargetContent() {
    Table t = TestTables.orders(dir.resolve("wh"), 3);
    List<String> atOne = dev.lakeops.runbooks.action.TestTables.rows(t.refresh());
    List<String> snapshotOne =
        t.newRead().readAll(t.newScan().withSnapshot(1).plan()).stream()
            .map(Object::toString)
            .sorted()
            .toList();

    Run r = run(ActionKind.TABLE_ROLLBACK_TO_AS_LATEST, args(t, "snapshot", "1"));

    assertThat(r.outcome().items("snapshots created"))
        .isEqualTo(r.preview().items("snapshots created"))
        .containsExactly("4");
    assertThat(r.outcome().items("snapshots removed")).isEmpty();
    assertThat(TestTables.rows(t)).isEqualTo(snapshotOne).isNotEqualTo(atOne);
    assertThat(t.snapshotStore().findSnapshot(3)).isPresent();
    assertThat(r.report().undoPoint()).isNull();
  }

  @Test
  void expireRemovesExactlyThePreviewedSnapshotsAndFiles() {
    Table t = TestTables.orders(dir.resolve("wh"), 6);
    t.compact(
        "c",
        dev.lakeops.table.commit.PartitionFilter.all(),
        dev.lakeops.table.write.CompactionMode.FULL);
    List<String> before = TestTables.rows(t);

    Run r =
        run(
            ActionKind.TABLE_EXPIRE_SNAPSHOTS,
            args(t, "retain-min", "2", "retain-max", "2", "older-than", "0s"));

    assertThat(r.preview().items("snapshots removed")).containsExactly("1", "2", "3", "4", "5");
    assertThat(r.preview().items("files removed")).isNotEmpty();
    assertThat(r.outcome().items("snapshots removed"))
        .isEqualTo(r.preview().items("snapshots removed"));
    assertThat(r.outcome().items("files removed")).isEqualTo(r.preview().items("files removed"));
    assertThat(r.outcome().figures().get("bytes removed"))
        .isEqualTo(r.preview().figures().get("bytes removed"))
        .isPositive();
    for (String file : r.outcome().items("files removed")) {
      assertThat(t.paths().root().resolve(file)).doesNotExist();
    }
    assertThat(TestTables.rows(t)).isEqualTo(before);
    assertThat(TestTables.rowsOfTag(t, r.undoTag())).isEqualTo(before);
  }

  @Test
  void compactionPreviewCountsTheFilesItRewrites() {
    Table t = TestTables.orders(dir.resolve("wh"), 4);
    List<String> before = TestTables.rows(t);
    long files = t.newScan().plan().fileCount();

    Run r = run(ActionKind.TABLE_COMPACT, args(t));

    assertThat(r.preview().figures().get("input files"))
        .isEqualTo(r.outcome().figures().get("input files"))
        .isEqualTo(files);
    assertThat(r.preview().figures().get("buckets compacted"))
        .isEqualTo(r.outcome().figures().get("buckets compacted"));
    assertThat(r.outcome().figures().get("output files"))
        .isLessThanOrEqualTo(r.preview().figures().get("output files (estimate)"));
    assertThat(TestTables.rows(t)).isEqualTo(before);
    assertThat(latest(t)).isEqualTo(5);
  }

  @Test
  void compactionOfOnePartitionLeavesTheOthers() {
    Table t = TestTables.orders(dir.resolve("wh"), 4);
    int otherPartitionFiles =
        t.newScan().plan().splits().stream()
            .filter(s -> t.locator().partitionPath(s.partition()).equals("dt=2024-01-02"))
            .mapToInt(s -> s.files().size())
            .sum();

    Run r = run(ActionKind.TABLE_COMPACT, args(t, "partition", "dt=2024-01-01"));

    assertThat(r.preview().items("buckets compacted"))
        .isNotEmpty()
        .allSatisfy(b -> assertThat(b).startsWith("dt=2024-01-01/"));
    assertThat(r.outcome().figures().get("input files"))
        .isEqualTo(r.preview().figures().get("input files"))
        .isPositive();
    int otherAfter =
        t.newScan().plan().splits().stream()
            .filter(s -> t.locator().partitionPath(s.partition()).equals("dt=2024-01-02"))
            .mapToInt(s -> s.files().size())
            .sum();
    assertThat(otherAfter).isEqualTo(otherPartitionFiles);
  }

  @Test
  void orphanRemovalDeletesThePreviewedFilesOnly() throws IOException {
    Table t = TestTables.orders(dir.resolve("wh"), 2);
    Path bucket;
    try (Stream<Path> s = Files.list(t.paths().root().resolve("dt=2024-01-01"))) {
      bucket =
          s.filter(p -> p.getFileName().toString().startsWith("bucket-")).findFirst().orElseThrow();
    }
    Path oldOrphan = bucket.resolve("data-00000000-0000-0000-0000-000000000000-0.avro");
    Path youngOrphan = bucket.resolve("data-00000000-0000-0000-0000-000000000001-0.avro");
    Files.write(oldOrphan, new byte[100]);
    Files.write(youngOrphan, new byte[50]);
    Files.setLastModifiedTime(oldOrphan, FileTime.from(Instant.now().minus(Duration.ofDays(2))));
    List<String> before = TestTables.rows(t);

    Run r = run(ActionKind.TABLE_REMOVE_ORPHAN_FILES, args(t));

    String rel = t.paths().root().relativize(oldOrphan).toString();
    assertThat(r.preview().items("files removed")).containsExactly(rel);
    assertThat(r.preview().figures()).containsEntry("bytes removed", 100L);
    assertThat(r.outcome().items("files removed")).isEqualTo(r.preview().items("files removed"));
    assertThat(oldOrphan).doesNotExist();
    assertThat(youngOrphan).exists();
    assertThat(TestTables.rows(t)).isEqualTo(before);
  }

  @Test
  void createTagTagsTheLatestSnapshot() {
    Table t = TestTables.orders(dir.resolve("wh"), 2);

    Run r = run(ActionKind.TABLE_CREATE_TAG, args(t, "tag", "before-fix"));

    assertThat(r.outcome().items("tags created"))
        .isEqualTo(r.preview().items("tags created"))
        .containsExactly("before-fix@2");
    assertThat(new TableMetadata(t).tags()).containsKey("before-fix");
  }

  @Test
  void previewChangesNothing() throws IOException {
    Table t = TestTables.orders(dir.resolve("wh"), 4);
    List<String> filesBefore = listing(t.paths().root());

    for (ActionKind kind :
        List.of(
            ActionKind.TABLE_ROLLBACK_TO,
            ActionKind.TABLE_EXPIRE_SNAPSHOTS,
            ActionKind.TABLE_COMPACT,
            ActionKind.TABLE_REMOVE_ORPHAN_FILES)) {
      Map<String, String> a =
          kind == ActionKind.TABLE_ROLLBACK_TO
              ? args(t, "snapshot", "1")
              : kind == ActionKind.TABLE_EXPIRE_SNAPSHOTS
                  ? args(t, "retain-min", "1", "older-than", "0s")
                  : args(t);
      f.gate.propose(ProposalRequest.of(kind, a, "agent"));
    }

    assertThat(listing(t.paths().root())).isEqualTo(filesBefore);
  }

  private static List<String> listing(Path root) throws IOException {
    try (Stream<Path> s = Files.walk(root)) {
      return s.map(
              p ->
                  root.relativize(p)
                      + ":"
                      + (Files.isRegularFile(p)
                          ? p.toFile().length() + ":" + p.toFile().lastModified()
                          : ""))
          .sorted()
          .toList();
    }
  }
}
