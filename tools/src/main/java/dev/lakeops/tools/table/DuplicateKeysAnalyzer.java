package dev.lakeops.tools.table;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Judges duplicate keys (pure):
 *
 * <ul>
 *   <li>{@code table.duplicates.visible} (CRITICAL): a key appears more than once in what readers
 *       see. A primary-key table merges each key, so this happens for append tables (where the key
 *       is the {@code keys} asked for) or when the key asked for is not the table's primary key;
 *   <li>{@code table.duplicates.unmerged} (INFO): a primary key sits in several files or levels of
 *       its bucket; merge-on-read shows one version and compaction will merge them;
 *   <li>{@code table.duplicates.none} (OK).
 * </ul>
 *
 * <p>Both name the commits the duplicated rows came from. When they are by two different commit
 * users — the same data committed twice, typically a writer restarted without its state — the
 * evidence names the two snapshots ({@code correlation = two-commit-users}).
 */
public final class DuplicateKeysAnalyzer {

  public List<Finding> analyze(DuplicateKeysSnapshot s) {
    String subject =
        "table " + s.table() + (s.partition().isEmpty() ? "" : " partition " + s.partition());
    List<String> sources = List.of(s.location() + "/snapshot/snapshot-" + s.snapshotId());
    List<Finding> findings = new ArrayList<>();
    String keys = String.join(",", s.keyColumns());
    if (s.visible().keys() > 0) {
      Map<String, String> e = evidence(s, s.visible(), s.keyColumns());
      String why =
          s.primaryKeyTable()
              ? " The table's primary key is ("
                  + String.join(",", s.primaryKeys())
                  + "); rows differ in it but share ("
                  + keys
                  + ")."
              : " The table is an append table: nothing merges rows with the same (" + keys + ").";
      findings.add(
          new Finding(
              Severity.CRITICAL,
              "table.duplicates.visible",
              subject,
              s.visible().keys()
                  + " keys ("
                  + keys
                  + ") appear more than once in what readers see, "
                  + s.visible().extraRows()
                  + " extra rows in snapshot "
                  + s.snapshotId()
                  + "."
                  + why
                  + correlationText(s, s.visible()),
              e,
              sources));
    }
    if (s.unmerged().keys() > 0) {
      Map<String, String> e = evidence(s, s.unmerged(), s.primaryKeys());
      findings.add(
          new Finding(
              Severity.INFO,
              "table.duplicates.unmerged",
              subject,
              s.unmerged().keys()
                  + " primary keys sit in several files of their bucket ("
                  + s.unmerged().extraRows()
                  + " extra versions) awaiting compaction; readers see one version of each."
                  + correlationText(s, s.unmerged()),
              e,
              sources));
    }
    if (findings.isEmpty()) {
      Map<String, String> e = new LinkedHashMap<>();
      e.put("snapshot", Long.toString(s.snapshotId()));
      e.put("partition", s.partition());
      e.put("keyColumns", keys);
      e.put("tableType", s.primaryKeyTable() ? "primary-key" : "append");
      e.put("filesRead", Long.toString(s.filesRead()));
      e.put("rowsRead", Long.toString(s.mergedRowsRead()));
      e.put("truncated", Boolean.toString(s.truncated()));
      String what =
          s.snapshotId() == 0
              ? "The table has no snapshot yet."
              : "No key ("
                  + keys
                  + ") appears twice in "
                  + s.mergedRowsRead()
                  + " rows of snapshot "
                  + s.snapshotId()
                  + (s.truncated() ? " (read stopped early)" : "")
                  + ".";
      findings.add(new Finding(Severity.OK, "table.duplicates.none", subject, what, e, sources));
    }
    return findings;
  }

  private static Map<String, String> evidence(
      DuplicateKeysSnapshot s, DuplicateSet d, List<String> keyColumns) {
    Map<String, String> e = new LinkedHashMap<>();
    e.put("snapshot", Long.toString(s.snapshotId()));
    e.put("partition", s.partition());
    e.put("tableType", s.primaryKeyTable() ? "primary-key" : "append");
    e.put("keyColumns", String.join(",", keyColumns));
    e.put("duplicateKeys", Long.toString(d.keys()));
    e.put("extraRows", Long.toString(d.extraRows()));
    e.put("sampleKeys", String.join(" | ", d.sampleKeys()));
    e.put("filesRead", Long.toString(s.filesRead()));
    e.put("rowsRead", Long.toString(s.fileRowsRead()));
    e.put("truncated", Boolean.toString(s.truncated()));
    Set<String> users = new LinkedHashSet<>();
    for (DuplicateGroup g : d.groups()) {
      g.snapshotIds()
          .forEach(
              id ->
                  Optional.ofNullable(s.origins().get(id))
                      .ifPresent(o -> users.add(o.commitUser())));
    }
    e.put("commitUsers", String.join(",", users));
    e.put("commitUserCount", Integer.toString(users.size()));
    int i = 0;
    for (DuplicateGroup g : d.groups()) {
      e.put(
          "origin " + (++i),
          g.keys()
              + " keys from snapshots "
              + String.join(" and ", g.snapshotIds().stream().map(id -> describe(s, id)).toList()));
    }
    Optional<long[]> pair = twoUsers(s, d);
    if (pair.isPresent()) {
      e.put("correlation", "two-commit-users");
      e.put("firstSnapshot", Long.toString(pair.get()[0]));
      e.put("secondSnapshot", Long.toString(pair.get()[1]));
      e.put("firstCommitUser", s.origins().get(pair.get()[0]).commitUser());
      e.put("secondCommitUser", s.origins().get(pair.get()[1]).commitUser());
    } else {
      e.put("correlation", "none");
    }
    return e;
  }

  private static String correlationText(DuplicateKeysSnapshot s, DuplicateSet d) {
    return twoUsers(s, d)
        .map(
            p ->
                " Their rows came from snapshot "
                    + s.origins().get(p[0]).describe()
                    + " and snapshot "
                    + s.origins().get(p[1]).describe()
                    + ": the same data committed by two commit users, typical of a writer restarted"
                    + " without its state.")
        .orElse("");
  }

  /** The two snapshots, by different commit users, that the most duplicated keys came from. */
  private static Optional<long[]> twoUsers(DuplicateKeysSnapshot s, DuplicateSet d) {
    for (DuplicateGroup g : d.groups()) {
      SnapshotOrigin first = null;
      for (long id : g.snapshotIds()) {
        SnapshotOrigin o = s.origins().get(id);
        if (o == null) {
          continue;
        }
        if (first == null) {
          first = o;
        } else if (!o.commitUser().equals(first.commitUser())) {
          return Optional.of(new long[] {first.snapshotId(), o.snapshotId()});
        }
      }
    }
    return Optional.empty();
  }

  private static String describe(DuplicateKeysSnapshot s, long id) {
    SnapshotOrigin o = s.origins().get(id);
    return o == null ? (id == 0 ? "(expired)" : Long.toString(id)) : o.describe();
  }
}
