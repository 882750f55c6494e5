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
 *       see. A primary-key table merges each key within its bucket, so this happens for append
 *       tables (where the key is the {@code keys} asked for), when the key asked for is not the
 *       table's primary key, or when one primary key sits in two buckets (a dynamic-bucket index
 *       that assigned it twice, writers that disagreed on the bucket count);
 *   <li>{@code table.duplicates.unmerged} (INFO): a primary key sits in several files or levels of
 *       its bucket; merge-on-read shows one row made by the table's merge engine (the latest
 *       version, the first, fields merged, or their aggregate) and compaction will merge them;
 *   <li>{@code table.duplicates.replay-aggregated} (WARN, aggregation tables): such keys have rows
 *       from commits by two commit users. Replayed rows are not absorbed there as they are by the
 *       other merge engines: each is aggregated into the key's value once more (a sum counts it
 *       twice), so readers see each key once with a value that may be inflated;
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
      String why;
      if (!s.primaryKeyTable()) {
        why = " The table is an append table: nothing merges rows with the same (" + keys + ").";
      } else if (new LinkedHashSet<>(s.keyColumns()).equals(new LinkedHashSet<>(s.primaryKeys()))) {
        why =
            " The key is the table's primary key, so its rows sit in different buckets, each"
                + " merged on its own: "
                + (s.bucket() == -1
                    ? "on this dynamic-bucket table (bucket=-1) the hash index assigned the key to"
                        + " two buckets (writers with separate or lost index files)."
                    : "the writers disagreed on the key's bucket (bucket="
                        + s.bucket()
                        + " changed without rescaling the table, or a writer hashing"
                        + " differently).");
      } else {
        why =
            " The table's primary key is ("
                + String.join(",", s.primaryKeys())
                + "); rows differ in it but share ("
                + keys
                + ").";
      }
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
                  + " extra versions) awaiting compaction; readers see "
                  + mergedView(s.mergeEngine())
                  + "."
                  + correlationText(s, s.unmerged()),
              e,
              sources));
      if (s.mergeEngine().equals("aggregation") && twoUsers(s, s.unmerged()).isPresent()) {
        findings.add(
            new Finding(
                Severity.WARN,
                "table.duplicates.replay-aggregated",
                subject,
                s.unmerged().keys()
                    + " primary keys of this aggregation table have rows from commits by two"
                    + " commit users."
                    + correlationText(s, s.unmerged())
                    + " A replayed row is not absorbed by an aggregation table: it is aggregated"
                    + " into the key once more (a sum counts it twice), so readers see each key"
                    + " once with a value that may be inflated.",
                e,
                sources));
      }
    }
    if (findings.isEmpty()) {
      Map<String, String> e = new LinkedHashMap<>();
      e.put("snapshot", Long.toString(s.snapshotId()));
      e.put("partition", s.partition());
      e.put("keyColumns", keys);
      e.put("tableType", s.primaryKeyTable() ? "primary-key" : "append");
      e.put("mergeEngine", s.mergeEngine());
      e.put("bucket", Integer.toString(s.bucket()));
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
    e.put("mergeEngine", s.mergeEngine());
    e.put("bucket", Integer.toString(s.bucket()));
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

  /** What a reader sees of a key's versions under {@code mergeEngine}. */
  private static String mergedView(String mergeEngine) {
    return switch (mergeEngine) {
      case "first-row" -> "the first version of each";
      case "partial-update" -> "one row per key, its versions merged field by field";
      case "aggregation" -> "one row per key, the aggregate of its versions";
      default -> "the latest version of each";
    };
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
