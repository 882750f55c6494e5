package dev.lakeops.tools.table;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * States the snapshot summary as findings (pure): {@code table.snapshots.latest} or {@code
 * table.snapshots.none}, {@code table.snapshots.tags}, and {@code table.snapshots.consumers} when a
 * consumer exists. All INFO: the figures a proposal fingerprints and a rollback changes.
 */
public final class SnapshotsAnalyzer {

  public List<Finding> analyze(SnapshotsSummary s) {
    String subject = "table " + s.table();
    List<String> sources = List.of(s.location() + "/snapshot/");
    List<Finding> findings = new ArrayList<>();
    CommitRecord l = s.latest();
    if (l == null) {
      findings.add(
          new Finding(
              Severity.INFO,
              "table.snapshots.none",
              subject,
              "The table has no snapshots yet.",
              Map.of("location", s.location(), "schemaId", Long.toString(s.schemaId())),
              sources));
    } else {
      Map<String, String> e = new LinkedHashMap<>();
      e.put("latestSnapshot", Long.toString(l.snapshotId()));
      e.put("commitKind", l.commitKind());
      e.put("commitUser", l.commitUser());
      e.put("commitIdentifier", l.identifierText());
      e.put("time", Instant.ofEpochMilli(l.timeMillis()).toString());
      e.put(
          "totalRecordCount",
          l.totalRecordCount() == null ? "?" : Long.toString(l.totalRecordCount()));
      e.put("earliestSnapshot", Long.toString(s.earliestSnapshotId()));
      e.put("retainedSnapshots", Long.toString(l.snapshotId() - s.earliestSnapshotId() + 1));
      e.put("schemaId", Long.toString(s.schemaId()));
      e.put("location", s.location());
      findings.add(
          new Finding(
              Severity.INFO,
              "table.snapshots.latest",
              subject,
              "Latest snapshot "
                  + l.snapshotId()
                  + " ("
                  + l.commitKind()
                  + " by "
                  + l.commitUser()
                  + " at "
                  + Instant.ofEpochMilli(l.timeMillis())
                  + "); snapshots "
                  + s.earliestSnapshotId()
                  + ".."
                  + l.snapshotId()
                  + " retained.",
              e,
              sources));
    }
    Map<String, String> tags = new LinkedHashMap<>();
    tags.put("tags", Integer.toString(s.tags().size()));
    s.tags().forEach((name, id) -> tags.put("tag " + name, Long.toString(id)));
    findings.add(
        new Finding(
            Severity.INFO,
            "table.snapshots.tags",
            subject,
            s.tags().isEmpty()
                ? "No tags."
                : s.tags().size()
                    + " tags: "
                    + String.join(
                        ", ",
                        s.tags().entrySet().stream()
                            .map(t -> t.getKey() + " -> snapshot " + t.getValue())
                            .toList())
                    + ".",
            tags,
            List.of(s.location() + "/tag/")));
    if (!s.consumers().isEmpty()) {
      Map<String, String> c = new LinkedHashMap<>();
      c.put("consumers", Integer.toString(s.consumers().size()));
      s.consumers().forEach((id, next) -> c.put("consumer " + id, Long.toString(next)));
      findings.add(
          new Finding(
              Severity.INFO,
              "table.snapshots.consumers",
              subject,
              s.consumers().size()
                  + " consumers; expiration keeps every snapshot from the earliest they read next.",
              c,
              List.of(s.location() + "/consumer/")));
    }
    return findings;
  }
}
