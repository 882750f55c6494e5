package dev.lakeops.table.commit;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.io.LocalFileIO;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.BinaryRowCodec;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.meta.FileSource;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.ManifestFileMeta;
import dev.lakeops.table.meta.ManifestFiles;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.meta.SnapshotHints;
import dev.lakeops.table.paths.TablePaths;
import dev.lakeops.table.schema.SchemaJson;
import dev.lakeops.table.schema.TableSchema;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.TypeRoot;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A primary-key table in a temp directory ({@code dt STRING, id INT, v STRING}, partitioned by
 * {@code dt}, primary key {@code (dt, id)}, 2 buckets) and builders of the file metadata a writer
 * would commit. Data files are real, small files with placeholder content: commit logic needs their
 * metadata and, for recovery and maintenance, their existence, not their rows.
 */
public final class TestTable {

  public final Path dir;
  public final TablePaths paths;
  public final FileIO io;
  public final TableSchema schema;
  public final DataFileLocator locator;

  private TestTable(FileIO io, Path dir, Map<String, String> options) {
    this.io = io;
    this.dir = dir;
    this.paths = new TablePaths(dir);
    this.schema =
        TableSchema.newTable(
            List.of(
                new DataField(0, "dt", AtomicType.string()),
                new DataField(1, "id", AtomicType.of(TypeRoot.INT)),
                new DataField(2, "v", AtomicType.string())),
            List.of("dt"),
            List.of("dt", "id"),
            options,
            null,
            1_700_000_000_000L);
    io.writeAtomically(
        paths.schemaFile(0), SchemaJson.toJson(schema).getBytes(StandardCharsets.UTF_8));
    this.locator = new DataFileLocator(paths, schema);
  }

  /** A table with option {@code bucket=2} plus {@code options}. */
  public static TestTable create(Path dir, Map<String, String> options) {
    return create(new LocalFileIO(), dir, options);
  }

  /** The table at {@code dir} of {@code io} (a local disk or a store). */
  public static TestTable create(FileIO io, Path dir, Map<String, String> options) {
    Map<String, String> all = new java.util.LinkedHashMap<>(Map.of("bucket", "2"));
    all.putAll(options);
    return new TestTable(io, dir, all);
  }

  public static TestTable create(Path dir) {
    return create(dir, Map.of());
  }

  /** A committer that retries up to 10 times without waiting. */
  public TableCommitter committer() {
    return TableCommitter.builder(io, paths, schema)
        .retryPolicy(RetryPolicy.withoutWaiting(10))
        .build();
  }

  public TableCommitter committer(SnapshotStore store) {
    return TableCommitter.builder(io, paths, schema)
        .store(store)
        .retryPolicy(RetryPolicy.withoutWaiting(10))
        .build();
  }

  public FileSystemSnapshotStore store() {
    return new FileSystemSnapshotStore(io, paths);
  }

  public BinaryRow partition(String dt) {
    return BinaryRowCodec.encode(schema.partitionType(), Row.of(dt));
  }

  public BinaryRow key(int id) {
    return BinaryRowCodec.encode(schema.trimmedPrimaryKeyType(), Row.of(id));
  }

  /**
   * Metadata of a data file with keys {@code minKey..maxKey} and {@code rows} rows; no file on
   * disk.
   */
  public DataFileMeta file(String name, int level, int minKey, int maxKey, long rows) {
    return DataFileMeta.builder(name)
        .fileSize(16)
        .rowCount(rows)
        .keyRange(key(minKey), key(maxKey))
        .sequenceRange(minKey, maxKey)
        .level(level)
        .fileSource(level == 0 ? FileSource.APPEND : FileSource.COMPACT)
        .build();
  }

  /**
   * {@link #file} and a 16-byte file at its place in partition {@code dt}, bucket {@code bucket}.
   */
  public DataFileMeta dataFile(
      String dt, int bucket, String name, int level, int minKey, int maxKey, long rows) {
    DataFileMeta file = file(name, level, minKey, maxKey, rows);
    io.writeAtomically(
        dataPath(dt, bucket, name), "0123456789abcdef".getBytes(StandardCharsets.UTF_8));
    return file;
  }

  public Path dataPath(String dt, int bucket, String name) {
    return locator.file(partition(dt), bucket, name);
  }

  public BucketChange newFiles(String dt, int bucket, DataFileMeta... files) {
    return BucketChange.appended(partition(dt), bucket, 2, Arrays.asList(files));
  }

  public BucketChange compaction(
      String dt, int bucket, List<DataFileMeta> before, List<DataFileMeta> after) {
    return new BucketChange(partition(dt), bucket, 2, List.of(), before, after, List.of());
  }

  public static ChangeSet changes(String user, long identifier, BucketChange... changes) {
    return new ChangeSet(user, identifier, Arrays.asList(changes));
  }

  public Snapshot latest() {
    return store().latest().orElseThrow();
  }

  public long latestId() {
    return SnapshotHints.latestSnapshotId(io, paths).orElse(0);
  }

  public SnapshotFiles snapshotFiles() {
    return new SnapshotFiles(new ManifestFiles(io, paths));
  }

  /** Live file names of a snapshot, as {@code name@L<level>}, sorted. */
  public Set<String> liveFiles(Snapshot snapshot) {
    Set<String> names = new TreeSet<>();
    for (ManifestEntry e : snapshotFiles().liveFiles(snapshot).files()) {
      names.add(e.fileName() + "@L" + e.level());
    }
    return names;
  }

  public Set<String> liveFiles() {
    return liveFiles(latest());
  }

  /** The live files' metadata of the latest snapshot. */
  public List<DataFileMeta> liveFilesMeta() {
    return snapshotFiles().liveFiles(latest()).files().stream().map(ManifestEntry::file).toList();
  }

  /** Files in {@code manifest/} that no present snapshot references. */
  public Set<String> unreferencedManifestFiles() {
    Set<String> referenced = new HashSet<>();
    ManifestFiles manifests = new ManifestFiles(io, paths);
    for (long id = 1; id <= latestId(); id++) {
      var s = store().findSnapshot(id);
      if (s.isEmpty()) {
        continue;
      }
      List<String> lists =
          new ArrayList<>(List.of(s.get().baseManifestList(), s.get().deltaManifestList()));
      if (s.get().changelogManifestList() != null) {
        lists.add(s.get().changelogManifestList());
      }
      for (String list : lists) {
        referenced.add(list);
        for (ManifestFileMeta meta : manifests.readManifestList(list)) {
          referenced.add(meta.fileName());
        }
      }
    }
    Set<String> unreferenced = new TreeSet<>();
    for (Path p : io.list(paths.manifestDir())) {
      if (!referenced.contains(p.getFileName().toString())) {
        unreferenced.add(p.getFileName().toString());
      }
    }
    return unreferenced;
  }
}
