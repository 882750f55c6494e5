package dev.lakeops.table.commit;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.io.FileIOs;
import dev.lakeops.table.maintenance.ExpireRetention;
import dev.lakeops.table.maintenance.OrphanFiles;
import dev.lakeops.table.maintenance.SnapshotExpiration;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.BinaryRowCodec;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.meta.FileSource;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.paths.TablePaths;
import dev.lakeops.table.schema.SchemaJson;
import dev.lakeops.table.schema.TableSchema;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * A writer process for {@code TableCommitterProcessTest}: commits to a table as commit user {@code
 * user} and prints {@code ACK <identifier> <snapshot ids> <publish attempts>} once a change set is
 * committed, before it starts the next one.
 *
 * <p>Usage: {@code CommitWriterMain <table location> <user> <bucket> <commits> concurrent|crash},
 * where the location is a directory or a store URI ({@code s3://bucket/t}, opened with the system
 * properties {@code store.<option>}). Commit {@code k} adds one 10-row file {@code
 * data-<user>-<k>.avro} with key {@code k} to the writer's bucket; every 7th also compacts the
 * bucket's live files into one level-5 file. In {@code crash} mode the writer first recovers like a
 * restarted job: it re-submits its last committed change set and the next one through {@code
 * filterAndCommit}; every 20th commit also expires snapshots, every 45th removes orphan files older
 * than one second.
 */
public final class CommitWriterMain {

  static final long ROWS_PER_COMMIT = 10;
  private static final String DT = "2024-01-01";

  private final FileIO io;
  private final TablePaths paths;
  private final TableSchema schema;
  private final DataFileLocator locator;
  private final TableCommitter committer;
  private final String user;
  private final int bucket;
  private final BinaryRow partition;
  private final PrintStream out = System.out;

  private CommitWriterMain(String location, String user, int bucket) {
    Map<String, String> options = new TreeMap<>();
    System.getProperties()
        .forEach(
            (k, v) -> {
              if (k.toString().startsWith("store.")) {
                options.put(k.toString().substring("store.".length()), v.toString());
              }
            });
    this.io = FileIOs.open(location, options);
    this.paths = new TablePaths(FileIOs.rootPath(location));
    this.schema = SchemaJson.load(io, paths.schemaFile(0));
    this.locator = new DataFileLocator(paths, schema);
    this.committer = TableCommitter.create(io, paths, schema);
    this.user = user;
    this.bucket = bucket;
    this.partition = BinaryRowCodec.encode(schema.partitionType(), Row.of(DT));
  }

  public static void main(String[] args) throws IOException {
    CommitWriterMain writer = new CommitWriterMain(args[0], args[1], Integer.parseInt(args[2]));
    int commits = Integer.parseInt(args[3]);
    if (args[4].equals("crash")) {
      writer.runRecovering(commits);
    } else {
      writer.run(1, commits);
    }
  }

  private void run(long first, long last) throws IOException {
    for (long k = first; k <= last; k++) {
      try {
        ack(k, committer.commit(changeSet(k)));
      } catch (CommitConflictException e) {
        out.println("FAIL " + k + " " + e.getMessage().replace('\n', ' '));
      }
    }
  }

  private void runRecovering(int commits) throws IOException {
    long last =
        committer.store().latest().isEmpty()
            ? 0
            : new CommitRecovery(committer.store(), io, locator)
                .latestOf(user)
                .map(Snapshot::commitIdentifier)
                .orElse(0L);
    List<ChangeSet> replay = new ArrayList<>();
    if (last > 0) {
      replay.add(changeSet(last));
    }
    replay.add(changeSet(last + 1));
    for (CommitResult result : committer.filterAndCommit(replay)) {
      ack(result.commitIdentifier(), result);
    }
    for (long k = last + 2; k <= last + 1 + commits; k++) {
      ack(k, committer.commit(changeSet(k)));
      if (k % 20 == 0) {
        new SnapshotExpiration(io, paths)
            .expire(new ExpireRetention(5, Integer.MAX_VALUE, Duration.ZERO, 50));
      }
      if (k % 45 == 0) {
        new OrphanFiles(io, paths).remove(Instant.now().minusSeconds(1));
      }
    }
  }

  private void ack(long identifier, CommitResult result) {
    out.println(
        "ACK "
            + identifier
            + " "
            + result.snapshots().stream()
                .map(s -> Long.toString(s.id()))
                .collect(Collectors.joining(","))
            + " "
            + result.attempts());
    out.flush();
  }

  private ChangeSet changeSet(long k) throws IOException {
    String name = "data-" + user + "-" + k + ".avro";
    io.writeAtomically(locator.file(partition, bucket, name), new byte[16]);
    DataFileMeta added = file(name, 0, k, k, ROWS_PER_COMMIT);
    if (k % 7 != 0) {
      return new ChangeSet(
          user, k, List.of(BucketChange.appended(partition, bucket, 2, List.of(added))));
    }
    List<DataFileMeta> before =
        committer.store().latest().map(s -> liveFilesOfBucket(s)).orElse(List.of());
    List<DataFileMeta> after = List.of();
    if (!before.isEmpty()) {
      long min = before.stream().mapToLong(f -> minKey(f)).min().orElseThrow();
      long max = before.stream().mapToLong(f -> maxKey(f)).max().orElseThrow();
      long rows = before.stream().mapToLong(DataFileMeta::rowCount).sum();
      String merged = "data-" + user + "-" + k + "-compacted.avro";
      io.writeAtomically(locator.file(partition, bucket, merged), new byte[16]);
      after = List.of(file(merged, 5, min, max, rows));
    }
    return new ChangeSet(
        user,
        k,
        List.of(new BucketChange(partition, bucket, 2, List.of(added), before, after, List.of())));
  }

  private List<DataFileMeta> liveFilesOfBucket(Snapshot s) {
    return new SnapshotFiles(new dev.lakeops.table.meta.ManifestFiles(io, paths))
        .liveFiles(s).files().stream()
            .filter(e -> e.bucket() == bucket && e.partition().equals(partition))
            .map(ManifestEntry::file)
            .toList();
  }

  private DataFileMeta file(String name, int level, long minKey, long maxKey, long rows) {
    return DataFileMeta.builder(name)
        .fileSize(16)
        .rowCount(rows)
        .keyRange(key(minKey), key(maxKey))
        .sequenceRange(minKey, maxKey)
        .level(level)
        .fileSource(level == 0 ? FileSource.APPEND : FileSource.COMPACT)
        .build();
  }

  private BinaryRow key(long k) {
    return BinaryRowCodec.encode(schema.trimmedPrimaryKeyType(), Row.of((int) k));
  }

  private long minKey(DataFileMeta f) {
    return (Integer) BinaryRowCodec.decode(schema.trimmedPrimaryKeyType(), f.minKey()).get(0);
  }

  private long maxKey(DataFileMeta f) {
    return (Integer) BinaryRowCodec.decode(schema.trimmedPrimaryKeyType(), f.maxKey()).get(0);
  }
}
