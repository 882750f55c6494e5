package dev.lakeops.tools.table;

import dev.lakeops.table.maintenance.Rollback;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Judges a commit timeline (pure):
 *
 * <ul>
 *   <li>{@code table.commit.timeline} (INFO): every snapshot with its user, identifier, kind, time,
 *       record counts and files added/deleted;
 *   <li>{@code table.commit.new-user} (WARN): a streaming commit user writes data after another one
 *       had. A Flink writer keeps its commit user across failovers (it lives in operator state), so
 *       a new one means a job started without its state — a stateless restart, or a second writer —
 *       and its identifiers restart, so {@code filterAndCommit} cannot recognise replays: the usual
 *       source of duplicates after a failover. Evidence {@code lastSnapshotBeforeNewUser} names the
 *       snapshot before its first commit, where a rollback returns to. Batch commits (identifier
 *       {@code Long.MAX_VALUE}) get a fresh user per write by design and are not judged;
 *   <li>{@code table.commit.identifier-regression} (WARN): one user's identifier goes backwards, or
 *       repeats in a snapshot of the same kind (one commit may legitimately write an APPEND and a
 *       COMPACT snapshot with the same identifier); evidence {@code lastSnapshotBefore} names the
 *       snapshot before the repeated commit;
 *   <li>{@code table.commit.gap} (WARN): a pause between data commits far above the median
 *       interval;
 *   <li>{@code table.commit.overwrite} (INFO): OVERWRITE commits, which replace partitions'
 *       content;
 *   <li>{@code table.commit.ok} (OK): none of the warnings.
 * </ul>
 */
public final class CommitTimelineAnalyzer {

  /** Findings of one kind beyond this many are summarised in the last one's evidence. */
  static final int MAX_FINDINGS_PER_CODE = 10;

  private final CommitTimelineRules rules;

  public CommitTimelineAnalyzer(CommitTimelineRules rules) {
    this.rules = rules;
  }

  public List<Finding> analyze(CommitTimeline t) {
    String subject = "table " + t.table();
    List<Finding> findings = new ArrayList<>();
    if (t.commits().isEmpty()) {
      findings.add(
          new Finding(
              Severity.INFO,
              "table.commit.timeline",
              subject,
              "The table has no snapshots yet.",
              Map.of("location", t.location(), "snapshots", "0"),
              List.of(snapshotDir(t))));
      findings.add(
          new Finding(
              Severity.OK,
              "table.commit.ok",
              subject,
              "No commits to judge.",
              Map.of("snapshots", "0"),
              List.of(snapshotDir(t))));
      return findings;
    }
    findings.add(timeline(t, subject));
    List<Finding> warnings = new ArrayList<>();
    warnings.addAll(capped(newUsers(t, subject)));
    warnings.addAll(capped(regressions(t, subject)));
    warnings.addAll(capped(gaps(t, subject)));
    findings.addAll(warnings);
    findings.addAll(capped(overwrites(t, subject)));
    if (warnings.isEmpty()) {
      Map<String, String> e = new LinkedHashMap<>();
      e.put("snapshots", Integer.toString(t.commits().size()));
      e.put("commitUsers", Integer.toString(users(t).size()));
      findings.add(
          new Finding(
              Severity.OK,
              "table.commit.ok",
              subject,
              "Snapshots "
                  + first(t).snapshotId()
                  + ".."
                  + last(t).snapshotId()
                  + ": no new commit user, no identifier regression, no gap.",
              e,
              List.of(snapshotDir(t))));
    }
    return findings;
  }

  private Finding timeline(CommitTimeline t, String subject) {
    Map<String, String> e = new LinkedHashMap<>();
    e.put("location", t.location());
    e.put("earliestSnapshot", Long.toString(t.earliestSnapshotId()));
    e.put("latestSnapshot", Long.toString(t.latestSnapshotId()));
    e.put("snapshotsShown", Integer.toString(t.commits().size()));
    e.put(
        "commitUsers",
        String.join(
            ", ",
            users(t).entrySet().stream()
                .map(u -> u.getKey() + " (" + u.getValue() + " snapshots)")
                .toList()));
    for (CommitRecord c : t.commits()) {
      e.put(
          "snapshot " + c.snapshotId(),
          c.commitKind()
              + " user="
              + c.commitUser()
              + " identifier="
              + c.identifierText()
              + " time="
              + Instant.ofEpochMilli(c.timeMillis())
              + " delta="
              + signed(c.deltaRecordCount())
              + " total="
              + (c.totalRecordCount() == null ? "?" : c.totalRecordCount())
              + " files=+"
              + c.addedFiles()
              + "/-"
              + c.deletedFiles());
    }
    String summary =
        "Snapshots "
            + first(t).snapshotId()
            + ".."
            + last(t).snapshotId()
            + " by "
            + users(t).size()
            + " commit user(s)"
            + (t.truncated()
                ? "; older snapshots from " + t.earliestSnapshotId() + " not shown"
                : "")
            + ".";
    return new Finding(
        Severity.INFO, "table.commit.timeline", subject, summary, e, List.of(snapshotDir(t)));
  }

  private List<Finding> newUsers(CommitTimeline t, String subject) {
    List<Finding> out = new ArrayList<>();
    Map<String, CommitRecord> lastByUser = new LinkedHashMap<>();
    CommitRecord previous = null;
    List<CommitRecord> commits = t.commits();
    for (int i = 0; i < commits.size(); i++) {
      CommitRecord c = commits.get(i);
      if (!c.writesData() || c.isBatch() || c.commitUser().equals(Rollback.COMMIT_USER)) {
        continue;
      }
      if (!lastByUser.containsKey(c.commitUser()) && previous != null) {
        CommitRecord before = lastByUser.get(previous.commitUser());
        boolean restarted = c.commitIdentifier() <= before.commitIdentifier();
        Map<String, String> e = new LinkedHashMap<>();
        e.put("newUser", c.commitUser());
        e.put("firstSnapshot", Long.toString(c.snapshotId()));
        e.put("firstIdentifier", c.identifierText());
        e.put("firstTime", Instant.ofEpochMilli(c.timeMillis()).toString());
        e.put("previousUser", before.commitUser());
        e.put("previousSnapshot", Long.toString(before.snapshotId()));
        e.put("previousIdentifier", before.identifierText());
        e.put("identifiersRestarted", Boolean.toString(restarted));
        // The snapshot right before the new user's first one (any kind): the state a rollback
        // returns to.
        e.put("lastSnapshotBeforeNewUser", Long.toString(commits.get(i - 1).snapshotId()));
        out.add(
            new Finding(
                Severity.WARN,
                "table.commit.new-user",
                subject,
                "Commit user "
                    + c.commitUser()
                    + " starts writing at snapshot "
                    + c.snapshotId()
                    + " (identifier "
                    + c.identifierText()
                    + ") after "
                    + before.commitUser()
                    + " wrote up to snapshot "
                    + before.snapshotId()
                    + " (identifier "
                    + before.identifierText()
                    + ")"
                    + (restarted ? "; identifiers restarted" : "")
                    + ": typical of a Flink writer restarted without its state, whose replays are"
                    + " not filtered.",
                e,
                List.of(snapshotFile(t, c.snapshotId()), snapshotFile(t, before.snapshotId()))));
      }
      lastByUser.put(c.commitUser(), c);
      previous = c;
    }
    return out;
  }

  private List<Finding> regressions(CommitTimeline t, String subject) {
    List<Finding> out = new ArrayList<>();
    Map<String, CommitRecord> lastByUser = new HashMap<>();
    Map<String, Set<String>> kindsAtLast = new HashMap<>();
    List<CommitRecord> commits = t.commits();
    for (int i = 0; i < commits.size(); i++) {
      CommitRecord c = commits.get(i);
      if (c.isBatch()) {
        continue;
      }
      CommitRecord last = lastByUser.get(c.commitUser());
      if (last != null) {
        boolean backwards = c.commitIdentifier() < last.commitIdentifier();
        boolean repeated =
            c.commitIdentifier() == last.commitIdentifier()
                && kindsAtLast.get(c.commitUser()).contains(c.commitKind());
        if (backwards || repeated) {
          Map<String, String> e = new LinkedHashMap<>();
          e.put("commitUser", c.commitUser());
          e.put("snapshot", Long.toString(c.snapshotId()));
          e.put("identifier", c.identifierText());
          e.put("previousSnapshot", Long.toString(last.snapshotId()));
          e.put("previousIdentifier", last.identifierText());
          e.put("kind", backwards ? "backwards" : "repeated");
          e.put("lastSnapshotBefore", Long.toString(commits.get(i - 1).snapshotId()));
          out.add(
              new Finding(
                  Severity.WARN,
                  "table.commit.identifier-regression",
                  subject,
                  "Commit user "
                      + c.commitUser()
                      + " committed identifier "
                      + c.identifierText()
                      + " in snapshot "
                      + c.snapshotId()
                      + (backwards ? " after identifier " : " again after ")
                      + last.identifierText()
                      + " in snapshot "
                      + last.snapshotId()
                      + ": the same data may have been committed twice.",
                  e,
                  List.of(snapshotFile(t, c.snapshotId()), snapshotFile(t, last.snapshotId()))));
        }
      }
      if (last == null || c.commitIdentifier() > last.commitIdentifier()) {
        lastByUser.put(c.commitUser(), c);
        kindsAtLast.put(c.commitUser(), new HashSet<>(Set.of(c.commitKind())));
      } else if (c.commitIdentifier() == last.commitIdentifier()) {
        kindsAtLast.get(c.commitUser()).add(c.commitKind());
      }
    }
    return out;
  }

  private List<Finding> gaps(CommitTimeline t, String subject) {
    List<CommitRecord> data = t.commits().stream().filter(CommitRecord::writesData).toList();
    if (data.size() - 1 < rules.minIntervals()) {
      return List.of();
    }
    long[] intervals = new long[data.size() - 1];
    for (int i = 1; i < data.size(); i++) {
      intervals[i - 1] = Math.max(0, data.get(i).timeMillis() - data.get(i - 1).timeMillis());
    }
    long[] sorted = intervals.clone();
    java.util.Arrays.sort(sorted);
    long median = sorted[sorted.length / 2];
    List<Finding> out = new ArrayList<>();
    for (int i = 0; i < intervals.length; i++) {
      if (intervals[i] > rules.gapFactor() * median && intervals[i] >= rules.minGap().toMillis()) {
        CommitRecord before = data.get(i);
        CommitRecord after = data.get(i + 1);
        Map<String, String> e = new LinkedHashMap<>();
        e.put("fromSnapshot", Long.toString(before.snapshotId()));
        e.put("toSnapshot", Long.toString(after.snapshotId()));
        e.put("gap", Duration.ofMillis(intervals[i]).toString());
        e.put("medianInterval", Duration.ofMillis(median).toString());
        e.put("from", Instant.ofEpochMilli(before.timeMillis()).toString());
        e.put("to", Instant.ofEpochMilli(after.timeMillis()).toString());
        e.put("gapFactor", Double.toString(rules.gapFactor()));
        out.add(
            new Finding(
                Severity.WARN,
                "table.commit.gap",
                subject,
                "No data commit for "
                    + Duration.ofMillis(intervals[i])
                    + " between snapshots "
                    + before.snapshotId()
                    + " and "
                    + after.snapshotId()
                    + " (median interval "
                    + Duration.ofMillis(median)
                    + "): the writer stopped or stalled.",
                e,
                List.of(
                    snapshotFile(t, before.snapshotId()), snapshotFile(t, after.snapshotId()))));
      }
    }
    return out;
  }

  private List<Finding> overwrites(CommitTimeline t, String subject) {
    List<Finding> out = new ArrayList<>();
    for (CommitRecord c : t.commits()) {
      if (c.commitKind().equals("OVERWRITE")) {
        Map<String, String> e = new LinkedHashMap<>();
        e.put("snapshot", Long.toString(c.snapshotId()));
        e.put("commitUser", c.commitUser());
        e.put("identifier", c.identifierText());
        e.put("deltaRecordCount", signed(c.deltaRecordCount()));
        e.put("addedFiles", Long.toString(c.addedFiles()));
        e.put("deletedFiles", Long.toString(c.deletedFiles()));
        e.put("rollback", Boolean.toString(c.commitUser().equals(Rollback.COMMIT_USER)));
        out.add(
            new Finding(
                Severity.INFO,
                "table.commit.overwrite",
                subject,
                "Snapshot "
                    + c.snapshotId()
                    + " overwrote data (user "
                    + c.commitUser()
                    + ", "
                    + c.addedFiles()
                    + " files added, "
                    + c.deletedFiles()
                    + " deleted)"
                    + (c.commitUser().equals(Rollback.COMMIT_USER)
                        ? ": a rollback as latest."
                        : "."),
                e,
                List.of(snapshotFile(t, c.snapshotId()))));
      }
    }
    return out;
  }

  private static List<Finding> capped(List<Finding> findings) {
    if (findings.size() <= MAX_FINDINGS_PER_CODE) {
      return findings;
    }
    List<Finding> kept = new ArrayList<>(findings.subList(0, MAX_FINDINGS_PER_CODE));
    Finding lastKept = kept.get(MAX_FINDINGS_PER_CODE - 1);
    Map<String, String> e = new LinkedHashMap<>(lastKept.evidence());
    e.put("moreFindingsOfThisCode", Integer.toString(findings.size() - MAX_FINDINGS_PER_CODE));
    kept.set(
        MAX_FINDINGS_PER_CODE - 1,
        new Finding(
            lastKept.severity(),
            lastKept.code(),
            lastKept.subject(),
            lastKept.summary(),
            e,
            lastKept.sources()));
    return kept;
  }

  private static TreeMap<String, Integer> users(CommitTimeline t) {
    TreeMap<String, Integer> users = new TreeMap<>();
    t.commits().forEach(c -> users.merge(c.commitUser(), 1, Integer::sum));
    return users;
  }

  private static CommitRecord first(CommitTimeline t) {
    return t.commits().get(0);
  }

  private static CommitRecord last(CommitTimeline t) {
    return t.commits().get(t.commits().size() - 1);
  }

  private static String signed(Long n) {
    return n == null ? "?" : (n >= 0 ? "+" : "") + n;
  }

  private static String snapshotDir(CommitTimeline t) {
    return t.location() + "/snapshot/";
  }

  private static String snapshotFile(CommitTimeline t, long id) {
    return t.location() + "/snapshot/snapshot-" + id;
  }
}
