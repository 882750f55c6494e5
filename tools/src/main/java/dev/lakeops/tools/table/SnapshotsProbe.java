package dev.lakeops.tools.table;

import dev.lakeops.table.Table;
import dev.lakeops.table.maintenance.Tags;
import dev.lakeops.table.meta.ConsumerJson;
import dev.lakeops.table.meta.SnapshotHints;
import dev.lakeops.table.paths.TablePaths;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** Reads the latest snapshot, the retained range, tags and consumers of a table. */
public final class SnapshotsProbe {

  public SnapshotsSummary capture(Table table, String name) {
    CommitTimeline latest = new CommitTimelineProbe().capture(table, name, 1);
    List<CommitRecord> commits = latest.commits();
    Map<String, Long> tags = new TreeMap<>();
    new Tags(table.io(), table.paths())
        .list()
        .forEach((tag, t) -> tags.put(tag, t.snapshot().id()));
    Map<String, Long> consumers = new TreeMap<>();
    for (Path p : table.io().list(table.paths().consumerDir())) {
      Optional<String> id = TablePaths.parseConsumerId(p.getFileName().toString());
      if (id.isPresent()) {
        ConsumerJson.find(table.io(), p).ifPresent(c -> consumers.put(id.get(), c.nextSnapshot()));
      }
    }
    long earliest =
        commits.isEmpty()
            ? 0
            : SnapshotHints.earliestSnapshotId(table.io(), table.paths()).orElse(0);
    return new SnapshotsSummary(
        name,
        table.io().location(table.paths().root()),
        commits.isEmpty() ? null : commits.get(0),
        earliest,
        table.schema().id(),
        tags,
        consumers);
  }
}
