package dev.lakeops.tools.change;

import dev.lakeops.table.maintenance.Rollback;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.change.TableChangeSnapshot.SchemaVersion;
import dev.lakeops.tools.change.TableChangeSnapshot.TableCommit;
import dev.lakeops.tools.change.TableChangeSnapshot.TagInfo;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What changed in one table (pure), from its snapshot, schema, hint and tag files:
 *
 * <ul>
 *   <li>{@code change.table.schema}: a schema version made, with the columns and options it
 *       changed;
 *   <li>{@code change.table.new-commit-user}: a streaming writer (identifier not {@code
 *       Long.MAX_VALUE}) commits data under a user the table has not seen. WARN after another
 *       streaming user: a Flink writer keeps its user in its state, so a new one is a writer
 *       started without state, whose replayed commits are not recognised; INFO for a table's first
 *       streaming writer;
 *   <li>{@code change.table.overwrite}: OVERWRITE commits; {@code change.table.rollback}: a
 *       rollback as latest ({@value Rollback#COMMIT_USER}), the latest snapshot going back or
 *       reused between two captures, or a {@code LATEST} hint written long after the snapshot it
 *       names;
 *   <li>{@code change.table.compaction}: the COMPACT commits in the window, as one change;
 *   <li>{@code change.table.tag}: tags created (their file's time) or gone between captures;
 *   <li>{@code change.table.expiry}: the earliest snapshot moved (the {@code EARLIEST} hint
 *       written).
 * </ul>
 */
public final class TableChangeAnalyzer {

  /**
   * A {@code LATEST} hint written this long after its snapshot's commit was written by a rollback.
   */
  static final Duration HINT_AFTER_COMMIT = Duration.ofSeconds(30);

  public List<Change> analyze(
      TableChangeSnapshot now, List<TableChangeSnapshot> earlier, ChangeWindow window) {
    List<Change> changes = new ArrayList<>(schemas(now));
    changes.addAll(commitUsers(now));
    changes.addAll(overwrites(now));
    compactions(now, window).ifPresent(changes::add);
    changes.addAll(tags(now, earlier));
    List<TableChangeSnapshot> all = new ArrayList<>(earlier);
    all.add(now);
    boolean rolledBackBetweenProbes = false;
    boolean expiredBetweenProbes = false;
    for (int i = 1; i < all.size(); i++) {
      TableChangeSnapshot a = all.get(i - 1);
      TableChangeSnapshot b = all.get(i);
      Optional<Change> back = wentBack(now, a, b);
      back.ifPresent(changes::add);
      rolledBackBetweenProbes |= back.isPresent();
      if (b.earliestSnapshotId() > a.earliestSnapshotId() && a.earliestSnapshotId() > 0) {
        changes.add(
            expiry(
                now,
                a.earliestSnapshotId(),
                b.earliestSnapshotId(),
                b.capturedAt(),
                a.capturedAt()));
        expiredBetweenProbes = true;
      }
    }
    if (!rolledBackBetweenProbes) {
      lateLatestHint(now).ifPresent(changes::add);
    }
    if (!expiredBetweenProbes
        && now.earliestHintWritten() != null
        && now.earliestSnapshotId() > 1) {
      changes.add(expiry(now, null, now.earliestSnapshotId(), now.earliestHintWritten(), null));
    }
    return changes;
  }

  private static List<Change> schemas(TableChangeSnapshot t) {
    List<Change> out = new ArrayList<>();
    SchemaVersion previous = null;
    for (SchemaVersion v : t.schemas()) {
      if (v.timeMillis() > 0 && (previous != null || v.id() == 0)) {
        Instant at = Instant.ofEpochMilli(v.timeMillis());
        if (previous == null) {
          out.add(
              change(ChangeCodes.TABLE_SCHEMA, t, at)
                  .phrase("created (schema 0)")
                  .summary(
                      "Table "
                          + t.table()
                          + " was created at "
                          + at
                          + " (schema 0, "
                          + v.columns().size()
                          + " columns).")
                  .after("schema 0")
                  .detail("schemaId", 0)
                  .detail("columns", String.join(", ", v.columns()))
                  .build());
        } else {
          Map<String, String> diff = new LinkedHashMap<>(MapDiff.of(columns(previous), columns(v)));
          MapDiff.of(previous.options(), v.options()).forEach((k, d) -> diff.put("option " + k, d));
          if (!previous.primaryKeys().equals(v.primaryKeys())) {
            diff.put("primary key", MapDiff.arrow(previous.primaryKeys(), v.primaryKeys()));
          }
          if (!previous.partitionKeys().equals(v.partitionKeys())) {
            diff.put("partition keys", MapDiff.arrow(previous.partitionKeys(), v.partitionKeys()));
          }
          Change.Builder c =
              change(ChangeCodes.TABLE_SCHEMA, t, at)
                  .phrase(
                      "schema "
                          + previous.id()
                          + " → "
                          + v.id()
                          + (diff.isEmpty() ? "" : " (" + MapDiff.describe(diff, 2) + ")"))
                  .summary(
                      "Table "
                          + t.table()
                          + " got schema "
                          + v.id()
                          + " at "
                          + at
                          + (diff.isEmpty() ? "." : ": " + MapDiff.describe(diff, 5) + "."))
                  .before("schema " + previous.id())
                  .after("schema " + v.id())
                  .detail("schemaId", v.id());
          diff.forEach(
              (k, d) ->
                  c.detail(k.startsWith("option ") || k.contains(" key") ? k : "column " + k, d));
          out.add(c.source(t.location() + "/schema/schema-" + v.id()).build());
        }
      }
      previous = v;
    }
    return out;
  }

  private static Map<String, String> columns(SchemaVersion v) {
    Map<String, String> m = new LinkedHashMap<>();
    for (String c : v.columns()) {
      int space = c.indexOf(' ');
      m.put(space < 0 ? c : c.substring(0, space), space < 0 ? "" : c.substring(space + 1));
    }
    return m;
  }

  private static List<Change> commitUsers(TableChangeSnapshot t) {
    List<Change> out = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    TableCommit lastStreaming = null;
    for (TableCommit c : t.commits()) {
      boolean streaming =
          c.writesData() && !c.isBatch() && !c.commitUser().equals(Rollback.COMMIT_USER);
      if (!streaming) {
        seen.add(c.commitUser());
        continue;
      }
      if (!seen.contains(c.commitUser()) && (lastStreaming != null || t.reachedEarliest())) {
        Instant at = Instant.ofEpochMilli(c.timeMillis());
        boolean restarted =
            lastStreaming != null && c.commitIdentifier() <= lastStreaming.commitIdentifier();
        Change.Builder b =
            change(ChangeCodes.TABLE_NEW_COMMIT_USER, t, at)
                .severity(lastStreaming == null ? Severity.INFO : Severity.WARN)
                .phrase("new commit user " + c.commitUser() + " at snapshot " + c.snapshotId())
                .before(lastStreaming == null ? null : lastStreaming.commitUser())
                .after(c.commitUser())
                .detail("snapshotId", c.snapshotId())
                .detail("identifier", c.commitIdentifier())
                .source(t.location() + "/snapshot/snapshot-" + c.snapshotId());
        if (lastStreaming == null) {
          b.summary(
              "Streaming writer "
                  + c.commitUser()
                  + " made the table's first streaming commit at snapshot "
                  + c.snapshotId()
                  + " ("
                  + at
                  + ").");
        } else {
          b.summary(
                  "Commit user "
                      + c.commitUser()
                      + " starts writing at snapshot "
                      + c.snapshotId()
                      + " ("
                      + at
                      + ", identifier "
                      + c.commitIdentifier()
                      + ") after "
                      + lastStreaming.commitUser()
                      + " wrote up to snapshot "
                      + lastStreaming.snapshotId()
                      + (restarted ? "; identifiers restarted" : "")
                      + ": a Flink writer started without its state, whose replays are not"
                      + " filtered.")
              .detail("previousSnapshotId", lastStreaming.snapshotId())
              .detail("previousIdentifier", lastStreaming.commitIdentifier())
              .detail("identifiersRestarted", restarted)
              .source(t.location() + "/snapshot/snapshot-" + lastStreaming.snapshotId());
        }
        out.add(b.build());
      }
      seen.add(c.commitUser());
      lastStreaming = c;
    }
    return out;
  }

  private static List<Change> overwrites(TableChangeSnapshot t) {
    List<Change> out = new ArrayList<>();
    for (TableCommit c : t.commits()) {
      if (!c.commitKind().equals("OVERWRITE")) {
        continue;
      }
      Instant at = Instant.ofEpochMilli(c.timeMillis());
      boolean rollback = c.commitUser().equals(Rollback.COMMIT_USER);
      out.add(
          change(rollback ? ChangeCodes.TABLE_ROLLBACK : ChangeCodes.TABLE_OVERWRITE, t, at)
              .phrase(
                  rollback
                      ? "rolled back as latest at snapshot " + c.snapshotId()
                      : "overwrite at snapshot " + c.snapshotId())
              .summary(
                  "Snapshot "
                      + c.snapshotId()
                      + " ("
                      + at
                      + ") "
                      + (rollback
                          ? "restored an earlier snapshot's content as latest"
                          : "overwrote data")
                      + " (user "
                      + c.commitUser()
                      + ", delta "
                      + c.deltaRecordCount()
                      + " records).")
              .after("snapshot " + c.snapshotId())
              .detail("snapshotId", c.snapshotId())
              .detail("commitUser", c.commitUser())
              .detail("deltaRecordCount", c.deltaRecordCount())
              .source(t.location() + "/snapshot/snapshot-" + c.snapshotId())
              .build());
    }
    return out;
  }

  private static Optional<Change> compactions(TableChangeSnapshot t, ChangeWindow window) {
    List<TableCommit> compacts =
        t.commits().stream()
            .filter(
                c ->
                    c.commitKind().equals("COMPACT")
                        && window.contains(Instant.ofEpochMilli(c.timeMillis())))
            .toList();
    if (compacts.isEmpty()) {
      return Optional.empty();
    }
    TableCommit first = compacts.get(0);
    TableCommit last = compacts.get(compacts.size() - 1);
    Instant at = Instant.ofEpochMilli(last.timeMillis());
    return Optional.of(
        change(ChangeCodes.TABLE_COMPACTION, t, at)
            .phrase(
                compacts.size() == 1
                    ? "compacted at snapshot " + last.snapshotId()
                    : compacts.size() + " compactions")
            .summary(
                compacts.size()
                    + " compaction commit(s) in the window, snapshots "
                    + first.snapshotId()
                    + ".."
                    + last.snapshotId()
                    + ", the latest at "
                    + at
                    + ".")
            .after("snapshot " + last.snapshotId())
            .detail("compactions", compacts.size())
            .detail("firstSnapshotId", first.snapshotId())
            .detail("firstAt", Instant.ofEpochMilli(first.timeMillis()))
            .detail("lastSnapshotId", last.snapshotId())
            .detail(
                "commitUsers",
                String.join(
                    ", ", compacts.stream().map(TableCommit::commitUser).distinct().toList()))
            .build());
  }

  private static List<Change> tags(TableChangeSnapshot now, List<TableChangeSnapshot> earlier) {
    List<Change> out = new ArrayList<>();
    // Every tag seen, by name and file time: one created and deleted since an earlier capture still
    // counts as created.
    Map<String, TagInfo> seen = new LinkedHashMap<>();
    earlier.forEach(
        s -> s.tags().forEach((name, tag) -> seen.put(name + "@" + tag.fileWritten(), tag)));
    now.tags().forEach((name, tag) -> seen.put(name + "@" + tag.fileWritten(), tag));
    seen.forEach(
        (key, tag) -> {
          String name = key.substring(0, key.lastIndexOf('@'));
          if (tag.fileWritten() != null) {
            out.add(
                change(ChangeCodes.TABLE_TAG, now, tag.fileWritten())
                    .phrase("tag " + name + " created (snapshot " + tag.snapshotId() + ")")
                    .summary(
                        "Tag "
                            + name
                            + " of snapshot "
                            + tag.snapshotId()
                            + " was created at "
                            + tag.fileWritten()
                            + ".")
                    .after(name + " → snapshot " + tag.snapshotId())
                    .detail("tag", name)
                    .detail("snapshotId", tag.snapshotId())
                    .detail("tagCreateTime", tag.createTime())
                    .source(now.location() + "/tag/tag-" + name)
                    .build());
          }
        });
    for (int i = 0; i < earlier.size(); i++) {
      TableChangeSnapshot a = earlier.get(i);
      TableChangeSnapshot b = i + 1 < earlier.size() ? earlier.get(i + 1) : now;
      for (Map.Entry<String, TagInfo> e : a.tags().entrySet()) {
        if (!b.tags().containsKey(e.getKey())) {
          out.add(
              change(ChangeCodes.TABLE_TAG, now, b.capturedAt())
                  .notBefore(a.capturedAt())
                  .phrase("tag " + e.getKey() + " deleted")
                  .summary(
                      "Tag "
                          + e.getKey()
                          + " (snapshot "
                          + e.getValue().snapshotId()
                          + ") was deleted between "
                          + a.capturedAt()
                          + " and "
                          + b.capturedAt()
                          + ".")
                  .before(e.getKey() + " → snapshot " + e.getValue().snapshotId())
                  .detail("tag", e.getKey())
                  .build());
        }
      }
    }
    return out;
  }

  /**
   * The latest snapshot lower than before, or the same id with another commit time: a rollback
   * removed snapshots.
   */
  private static Optional<Change> wentBack(
      TableChangeSnapshot now, TableChangeSnapshot a, TableChangeSnapshot b) {
    TableCommit was = a.commits().isEmpty() ? null : a.commits().get(a.commits().size() - 1);
    if (was == null || b.latestSnapshotId() == 0) {
      return Optional.empty();
    }
    boolean lower = b.latestSnapshotId() < was.snapshotId();
    boolean reused =
        b.commits().stream()
            .anyMatch(
                c -> c.snapshotId() == was.snapshotId() && c.timeMillis() != was.timeMillis());
    if (!lower && !reused) {
      return Optional.empty();
    }
    return Optional.of(
        change(ChangeCodes.TABLE_ROLLBACK, now, b.capturedAt())
            .notBefore(a.capturedAt())
            .phrase(
                "rolled back (latest snapshot "
                    + was.snapshotId()
                    + " → "
                    + b.latestSnapshotId()
                    + ")")
            .summary(
                "The snapshot id sequence of "
                    + now.table()
                    + " went back between "
                    + a.capturedAt()
                    + " and "
                    + b.capturedAt()
                    + ": latest "
                    + was.snapshotId()
                    + " then "
                    + b.latestSnapshotId()
                    + (reused ? " (ids reused by newer commits)" : "")
                    + ", a rollback that removed snapshots.")
            .before("snapshot " + was.snapshotId())
            .after("snapshot " + b.latestSnapshotId())
            .detail("idsReused", reused)
            .build());
  }

  private static Optional<Change> lateLatestHint(TableChangeSnapshot t) {
    if (t.latestHintWritten() == null || t.commits().isEmpty()) {
      return Optional.empty();
    }
    TableCommit latest = t.commits().get(t.commits().size() - 1);
    if (latest.snapshotId() != t.latestSnapshotId()
        || t.latestHintWritten().toEpochMilli() - latest.timeMillis()
            < HINT_AFTER_COMMIT.toMillis()) {
      return Optional.empty();
    }
    return Optional.of(
        change(ChangeCodes.TABLE_ROLLBACK, t, t.latestHintWritten())
            .phrase("rolled back to snapshot " + latest.snapshotId())
            .summary(
                "The LATEST hint of "
                    + t.table()
                    + " was written at "
                    + t.latestHintWritten()
                    + ", long after snapshot "
                    + latest.snapshotId()
                    + " was committed ("
                    + Instant.ofEpochMilli(latest.timeMillis())
                    + "): a rollback made it latest again.")
            .after("snapshot " + latest.snapshotId())
            .detail("snapshotId", latest.snapshotId())
            .source(t.location() + "/snapshot/LATEST")
            .build());
  }

  private static Change expiry(
      TableChangeSnapshot now, Long from, long earliest, Instant at, Instant notBefore) {
    return change(ChangeCodes.TABLE_EXPIRY, now, at)
        .notBefore(notBefore)
        .phrase("snapshots expired (earliest now " + earliest + ")")
        .summary(
            from == null
                ? "Snapshots before "
                    + earliest
                    + " of "
                    + now.table()
                    + " were expired at "
                    + at
                    + " (EARLIEST hint written)."
                : "Snapshots "
                    + from
                    + ".."
                    + (earliest - 1)
                    + " of "
                    + now.table()
                    + " were expired between "
                    + notBefore
                    + " and "
                    + at
                    + ".")
        .before(from == null ? null : "earliest " + from)
        .after("earliest " + earliest)
        .detail("earliestSnapshotId", earliest)
        .source(now.location() + "/snapshot/EARLIEST")
        .build();
  }

  private static Change.Builder change(String code, TableChangeSnapshot t, Instant at) {
    return Change.of(code, "table " + t.table(), "table " + t.table(), at)
        .detail("location", t.location());
  }
}
