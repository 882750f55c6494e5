package dev.lakeops.table.compat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.io.LocalFileIO;
import dev.lakeops.table.meta.LiveFiles;
import dev.lakeops.table.meta.ManifestAvro;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.ManifestFileMeta;
import dev.lakeops.table.meta.ManifestFiles;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.meta.SnapshotHints;
import dev.lakeops.table.meta.SnapshotJson;
import dev.lakeops.table.meta.Tag;
import dev.lakeops.table.meta.TagJson;
import dev.lakeops.table.paths.PartitionPaths;
import dev.lakeops.table.paths.TablePaths;
import dev.lakeops.table.schema.SchemaJson;
import dev.lakeops.table.schema.TableSchema;
import dev.lakeops.table.types.DataField;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;
import org.apache.paimon.table.FileStoreTable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Paimon 1.3.1 writes tables; lakeops' codecs read every metadata file and agree with Paimon's own
 * view.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PaimonMetadataCompatTest {

  @TempDir static Path dir;

  private PaimonWarehouse warehouse;
  private final LocalFileIO io = new LocalFileIO();

  @BeforeAll
  void writeTablesWithPaimon() throws Exception {
    warehouse = PaimonWarehouse.create(dir);
  }

  List<String> tables() {
    return PaimonWarehouse.allTables();
  }

  private TablePaths paths(String table) {
    return new TablePaths(warehouse.tableDir(table));
  }

  @ParameterizedTest
  @MethodSource("tables")
  void readsEverySchemaAsPaimonDoesAndWritesItBackByteForByte(String table) throws Exception {
    FileStoreTable paimon = warehouse.table(table);
    List<Path> files = io.list(paths(table).schemaDir());
    assertThat(files).isNotEmpty();
    for (Path file : files) {
      TableSchema ours = SchemaJson.load(io, file);
      org.apache.paimon.schema.TableSchema theirs = paimon.schemaManager().schema(ours.id());

      assertThat(SchemaJson.toJson(ours)).isEqualTo(Files.readString(file));
      assertThat(ours.fieldNames()).isEqualTo(theirs.fieldNames());
      assertThat(ours.fields().stream().map(f -> f.type().asSql()).toList())
          .isEqualTo(theirs.fields().stream().map(f -> f.type().asSQLString()).toList());
      assertThat(ours.fields().stream().map(DataField::id).toList())
          .isEqualTo(theirs.fields().stream().map(org.apache.paimon.types.DataField::id).toList());
      assertThat(ours.partitionKeys()).isEqualTo(theirs.partitionKeys());
      assertThat(ours.primaryKeys()).isEqualTo(theirs.primaryKeys());
      assertThat(ours.trimmedPrimaryKeys()).isEqualTo(theirs.trimmedPrimaryKeys());
      assertThat(ours.bucketKeys()).isEqualTo(theirs.bucketKeys());
      assertThat(ours.options()).isEqualTo(theirs.options());
      assertThat(ours.highestFieldId()).isEqualTo(theirs.highestFieldId());
      assertThat(ours.comment()).isEqualTo(theirs.comment());
      assertThat(ours.timeMillis()).isEqualTo(theirs.timeMillis());
    }
  }

  @Test
  void readsNestedTypesAndEveryAtomicTypeFamilyFromSchemaJson() throws Exception {
    readsEverySchemaAsPaimonDoesAndWritesItBackByteForByte(PaimonWarehouse.NESTED);
    TableSchema schema = SchemaJson.load(io, paths(PaimonWarehouse.NESTED).schemaFile(0));
    assertThat(schema.rowType().asSql())
        .isEqualTo(warehouse.table(PaimonWarehouse.NESTED).rowType().asSQLString());
    assertThat(schema.fields().get(0).description()).isEqualTo("the key");
    assertThat(schema.highestFieldId())
        .isEqualTo(warehouse.table(PaimonWarehouse.NESTED).schema().highestFieldId());
  }

  @ParameterizedTest
  @MethodSource("tables")
  void placesEveryRowInTheBucketAndPartitionPaimonChose(String table) throws Exception {
    FileStoreTable paimon = warehouse.table(table);
    TableSchema schema = SchemaJson.load(io, paths(table).schemaFile(0));
    boolean fixedBuckets = schema.numBuckets() > 0;
    dev.lakeops.table.bucket.BucketFunction buckets =
        fixedBuckets ? dev.lakeops.table.bucket.BucketFunction.of(schema) : null;
    var readBuilder = paimon.newReadBuilder();
    int rows = 0;
    for (var split : readBuilder.newScan().plan().splits()) {
      var dataSplit = (org.apache.paimon.table.source.DataSplit) split;
      try (var reader = readBuilder.newRead().createReader(split)) {
        var iterator = reader.toCloseableIterator();
        while (iterator.hasNext()) {
          org.apache.paimon.data.InternalRow row = iterator.next();
          dev.lakeops.table.data.Row ours = toRow(schema, row);
          if (fixedBuckets) {
            assertThat(buckets.bucket(ours)).as("bucket of %s", ours).isEqualTo(dataSplit.bucket());
          }
          if (!schema.partitionKeys().isEmpty()) {
            int[] partitionIndexes =
                schema.partitionKeys().stream().mapToInt(schema.rowType()::indexOf).toArray();
            dev.lakeops.table.meta.BinaryRow partition =
                dev.lakeops.table.meta.BinaryRowCodec.encode(
                    schema.partitionType(), ours.project(partitionIndexes));
            assertThat(Describe.hex(dataSplit.partition()))
                .isEqualTo(java.util.HexFormat.of().formatHex(partition.toSerialized()));
            String dir =
                PartitionPaths.partitionPath(
                    schema.partitionType(),
                    ours.project(partitionIndexes),
                    schema.tableOptions().partitionDefaultName(),
                    schema.tableOptions().partitionLegacyName());
            assertThat(
                    paths(table)
                        .bucketDir(dir, dataSplit.bucket())
                        .resolve(dataSplit.dataFiles().get(0).fileName()))
                .exists();
          }
          rows++;
        }
      }
    }
    assertThat(rows).isPositive();
  }

  private static dev.lakeops.table.data.Row toRow(
      TableSchema schema, org.apache.paimon.data.InternalRow row) {
    Object[] values = new Object[schema.fields().size()];
    for (int i = 0; i < values.length; i++) {
      if (row.isNullAt(i)) {
        continue;
      }
      var type = (dev.lakeops.table.types.AtomicType) schema.fields().get(i).type();
      values[i] =
          switch (type.root()) {
            case VARCHAR -> row.getString(i).toString();
            case INT -> row.getInt(i);
            case BIGINT -> row.getLong(i);
            case DOUBLE -> row.getDouble(i);
            case DECIMAL -> row.getDecimal(i, type.precision(), type.scale()).toBigDecimal();
            case TIMESTAMP -> row.getTimestamp(i, type.precision()).toLocalDateTime();
            default -> throw new IllegalStateException("unexpected type " + type);
          };
    }
    return dev.lakeops.table.data.Row.of(values);
  }

  @ParameterizedTest
  @MethodSource("tables")
  void readsEverySnapshotAsPaimonDoesAndWritesItBackByteForByte(String table) throws Exception {
    FileStoreTable paimon = warehouse.table(table);
    List<org.apache.paimon.Snapshot> theirs = paimon.snapshotManager().safelyGetAllSnapshots();
    assertThat(theirs).isNotEmpty();
    for (org.apache.paimon.Snapshot expected : theirs) {
      Path file = paths(table).snapshotFile(expected.id());
      Snapshot ours = SnapshotJson.load(io, file);

      assertThat(SnapshotJson.toJson(ours)).isEqualTo(Files.readString(file));
      assertThat(ours.id()).isEqualTo(expected.id());
      assertThat(ours.schemaId()).isEqualTo(expected.schemaId());
      assertThat(ours.commitUser())
          .isEqualTo(expected.commitUser())
          .isEqualTo(PaimonWarehouse.USER);
      assertThat(ours.commitIdentifier()).isEqualTo(expected.commitIdentifier());
      assertThat(ours.commitKind().name()).isEqualTo(expected.commitKind().name());
      assertThat(ours.timeMillis()).isEqualTo(expected.timeMillis());
      assertThat(ours.baseManifestList()).isEqualTo(expected.baseManifestList());
      assertThat(ours.deltaManifestList()).isEqualTo(expected.deltaManifestList());
      assertThat(ours.changelogManifestList()).isEqualTo(expected.changelogManifestList());
      assertThat(ours.baseManifestListSize()).isEqualTo(expected.baseManifestListSize());
      assertThat(ours.totalRecordCount()).isEqualTo(expected.totalRecordCount());
      assertThat(ours.deltaRecordCount()).isEqualTo(expected.deltaRecordCount());
      assertThat(ours.changelogRecordCount()).isEqualTo(expected.changelogRecordCount());
      assertThat(ours.indexManifest()).isEqualTo(expected.indexManifest());
      assertThat(ours.nextRowId()).isEqualTo(PaimonApi.nextRowId(expected));
    }
    assertThat(SnapshotHints.latestSnapshotId(io, paths(table)))
        .isEqualTo(OptionalLong.of(paimon.snapshotManager().latestSnapshotId()));
    assertThat(SnapshotHints.earliestSnapshotId(io, paths(table)))
        .isEqualTo(OptionalLong.of(paimon.snapshotManager().earliestSnapshotId()));
  }

  @Test
  void primaryKeyWorkloadMadeTheExpectedSnapshotKinds() throws Exception {
    for (String format : PaimonWarehouse.FORMATS) {
      TablePaths paths = paths(PaimonWarehouse.pkTable(format));
      List<String> kinds = new ArrayList<>();
      for (long id = 1; id <= SnapshotHints.latestSnapshotId(io, paths).getAsLong(); id++) {
        Snapshot s = SnapshotJson.load(io, paths.snapshotFile(id));
        kinds.add(s.commitKind() + "@" + s.commitIdentifier());
      }
      assertThat(kinds).containsSubsequence("APPEND@1", "APPEND@2", "APPEND@3", "COMPACT@4");
    }
    TablePaths log = paths(PaimonWarehouse.appendTable("avro"));
    Snapshot overwrite =
        SnapshotJson.load(
            io, log.snapshotFile(SnapshotHints.latestSnapshotId(io, log).getAsLong()));
    assertThat(overwrite.commitKind().name()).isEqualTo("OVERWRITE");
  }

  @ParameterizedTest
  @MethodSource("tables")
  void readsEveryTagAsPaimonDoesAndWritesItBackByteForByte(String table) throws Exception {
    FileStoreTable paimon = warehouse.table(table);
    if (!table.equals(PaimonWarehouse.BUCKETED_APPEND)) {
      assertThat(paimon.tagManager().allTagNames()).isNotEmpty();
    }
    for (String name : paimon.tagManager().allTagNames()) {
      Path file = paths(table).tagFile(name);
      Tag ours = TagJson.load(io, file);

      assertThat(TagJson.toJson(ours)).isEqualTo(Files.readString(file));
      assertThat(ours.snapshot().id())
          .isEqualTo(paimon.tagManager().getOrThrow(name).trimToSnapshot().id());
      if (name.equals("retained")) {
        assertThat(ours.timeRetained()).isEqualTo(Duration.ofHours(36).plusMillis(250));
        assertThat(ours.createTime()).isNotNull();
      } else {
        assertThat(ours.timeRetained()).isNull();
        assertThat(Files.readString(file))
            .isEqualTo(Files.readString(paths(table).snapshotFile(ours.snapshot().id())));
      }
    }
  }

  @ParameterizedTest
  @MethodSource("tables")
  void foldsManifestsIntoPaimonsLiveFileSetForEverySnapshot(String table) throws Exception {
    FileStoreTable paimon = warehouse.table(table);
    ManifestFiles manifests = new ManifestFiles(io, paths(table));
    for (org.apache.paimon.Snapshot snapshot : paimon.snapshotManager().safelyGetAllSnapshots()) {
      Snapshot ours = SnapshotJson.load(io, paths(table).snapshotFile(snapshot.id()));
      LiveFiles live = new LiveFiles();
      for (String list : List.of(ours.baseManifestList(), ours.deltaManifestList())) {
        for (ManifestFileMeta meta : manifests.readManifestList(list)) {
          live.apply(manifests.readManifest(meta.fileName()));
        }
      }

      List<String> expected =
          paimon.store().newScan().withSnapshot(snapshot.id()).plan().files().stream()
              .map(Describe::entry)
              .sorted()
              .toList();
      assertThat(live.unmatchedDeletes()).isEmpty();
      assertThat(live.files().stream().map(Describe::entry).sorted().toList())
          .as("live files of snapshot %s", snapshot.id())
          .isEqualTo(expected);
      long rows = live.files().stream().mapToLong(e -> e.file().rowCount()).sum();
      assertThat(rows).isEqualTo(snapshot.totalRecordCount());
    }
  }

  @ParameterizedTest
  @MethodSource("tables")
  void decodesEveryManifestAndManifestListFieldByFieldLikePaimon(String table) throws Exception {
    FileStoreTable paimon = warehouse.table(table);
    org.apache.paimon.manifest.ManifestFile theirManifests =
        paimon.store().manifestFileFactory().create();
    org.apache.paimon.manifest.ManifestList theirLists =
        paimon.store().manifestListFactory().create();
    ManifestFiles manifests = new ManifestFiles(io, paths(table));
    Map<String, Integer> counts = new TreeMap<>();
    for (Path file : io.list(paths(table).manifestDir())) {
      String name = file.getFileName().toString();
      if (name.startsWith("manifest-list-")) {
        assertThat(manifests.readManifestList(name).stream().map(Describe::manifestMeta).toList())
            .isEqualTo(theirLists.read(name).stream().map(Describe::manifestMeta).toList());
        counts.merge("lists", 1, Integer::sum);
      } else if (name.startsWith("manifest-")) {
        assertThat(manifests.readManifest(name).stream().map(Describe::entry).toList())
            .isEqualTo(theirManifests.read(name).stream().map(Describe::entry).toList());
        counts.merge("manifests", 1, Integer::sum);
      }
    }
    assertThat(counts).containsKeys("lists", "manifests");
  }

  @ParameterizedTest
  @MethodSource("tables")
  void summarizesManifestsExactlyAsPaimonsManifestListDoes(String table) throws Exception {
    FileStoreTable paimon = warehouse.table(table);
    ManifestFiles manifests = new ManifestFiles(io, paths(table));
    TableSchema schema = SchemaJson.load(io, paths(table).schemaFile(0));
    for (Path file : io.list(paths(table).manifestDir())) {
      String name = file.getFileName().toString();
      if (!name.startsWith("manifest-list-")) {
        continue;
      }
      for (ManifestFileMeta listed : manifests.readManifestList(name)) {
        List<ManifestEntry> entries = manifests.readManifest(listed.fileName());
        ManifestFileMeta summary =
            ManifestFiles.summarize(
                listed.fileName(), listed.fileSize(), schema.partitionType(), entries);
        assertThat(Describe.manifestMeta(summary)).isEqualTo(Describe.manifestMeta(listed));
      }
    }
  }

  @ParameterizedTest
  @MethodSource("tables")
  void paimonReadsManifestsAndListsWrittenByLakeopsAsItsOwn(String table) throws Exception {
    FileStoreTable paimon = warehouse.table(table);
    org.apache.paimon.manifest.ManifestFile theirManifests =
        paimon.store().manifestFileFactory().create();
    org.apache.paimon.manifest.ManifestList theirLists =
        paimon.store().manifestListFactory().create();
    TablePaths paths = paths(table);
    int n = 0;
    for (Path file : io.list(paths.manifestDir())) {
      String name = file.getFileName().toString();
      String copy =
          name.startsWith("manifest-list-")
              ? "manifest-list-lakeops-" + n++
              : "manifest-lakeops-" + n++;
      if (name.startsWith("manifest-list-")) {
        List<ManifestFileMeta> ours = ManifestAvro.readManifestList(io.readBytes(file), file);
        io.writeAtomically(paths.manifestFile(copy), ManifestAvro.writeManifestList(ours));
        assertThat(theirLists.read(copy)).isEqualTo(theirLists.read(name));
        assertLayout(
            schemaOf(paths.manifestFile(copy)),
            schemaOf(file),
            PaimonVersion.AvroFile.MANIFEST_LIST);
      } else if (name.startsWith("manifest-") && !name.contains("lakeops")) {
        List<ManifestEntry> ours = ManifestAvro.readManifest(io.readBytes(file), file);
        io.writeAtomically(paths.manifestFile(copy), ManifestAvro.writeManifest(ours));
        assertThat(theirManifests.read(copy)).isEqualTo(theirManifests.read(name));
        assertLayout(
            schemaOf(paths.manifestFile(copy)), schemaOf(file), PaimonVersion.AvroFile.MANIFEST);
      }
    }
    assertThat(n).isPositive();
  }

  @Test
  void readsAndWritesIndexManifestsOfADeletionVectorTableAsPaimonDoes() throws Exception {
    String table = PaimonWarehouse.DELETION_VECTORS;
    FileStoreTable paimon = warehouse.table(table);
    org.apache.paimon.manifest.IndexManifestFile theirs =
        paimon.store().indexManifestFileFactory().create();
    TablePaths paths = paths(table);
    int indexManifests = 0;
    for (Path file : io.list(paths.manifestDir())) {
      String name = file.getFileName().toString();
      if (!name.startsWith("index-manifest-")) {
        continue;
      }
      List<dev.lakeops.table.meta.IndexManifestEntry> ours =
          ManifestAvro.readIndexManifest(io.readBytes(file), file);
      assertThat(ours.stream().map(PaimonMetadataCompatTest::describe).toList())
          .isEqualTo(theirs.read(name).stream().map(PaimonMetadataCompatTest::describe).toList());
      String copy = "index-manifest-lakeops-" + indexManifests++;
      io.writeAtomically(paths.manifestFile(copy), ManifestAvro.writeIndexManifest(ours));
      assertThat(theirs.read(copy)).isEqualTo(theirs.read(name));
      assertLayout(
          schemaOf(paths.manifestFile(copy)),
          schemaOf(file),
          PaimonVersion.AvroFile.INDEX_MANIFEST);
    }
    // This small workload leaves every deletion-vector file empty (ranges []): the non-empty ranges
    // round trip is covered by ManifestAvroTest.
    assertThat(indexManifests).isPositive();
    Snapshot latest =
        SnapshotJson.load(
            io, paths.snapshotFile(SnapshotHints.latestSnapshotId(io, paths).getAsLong()));
    assertThat(latest.indexManifest()).isNotNull();
    assertThat(new ManifestFiles(io, paths).readIndexManifest(latest.indexManifest()))
        .allSatisfy(
            e ->
                assertThat(e.indexType())
                    .isEqualTo(dev.lakeops.table.meta.IndexManifestEntry.DELETION_VECTORS));
  }

  @Test
  void readsChangelogManifestListsOfALookupTable() throws Exception {
    TablePaths paths = paths(PaimonWarehouse.DELETION_VECTORS);
    ManifestFiles manifests = new ManifestFiles(io, paths);
    long changelogFiles = 0;
    for (long id = 1; id <= SnapshotHints.latestSnapshotId(io, paths).getAsLong(); id++) {
      Snapshot s = SnapshotJson.load(io, paths.snapshotFile(id));
      if (s.changelogManifestList() != null) {
        for (ManifestFileMeta meta : manifests.readManifestList(s.changelogManifestList())) {
          changelogFiles += manifests.readManifest(meta.fileName()).size();
        }
      }
    }
    assertThat(changelogFiles).isPositive();
  }

  private static String describe(dev.lakeops.table.meta.IndexManifestEntry e) {
    return String.join(
        "|",
        "kind=" + e.kind().toByteValue(),
        "part=" + java.util.HexFormat.of().formatHex(e.partition().toSerialized()),
        "bucket=" + e.bucket(),
        "type=" + e.indexType(),
        "name=" + e.fileName(),
        "size=" + e.fileSize(),
        "rows=" + e.rowCount(),
        "ranges="
            + (e.deletionVectorRanges() == null
                ? null
                : e.deletionVectorRanges().stream()
                    .map(
                        r ->
                            r.dataFileName()
                                + "@"
                                + r.offset()
                                + "+"
                                + r.length()
                                + "#"
                                + r.cardinality())
                    .toList()),
        "external=" + e.externalPath());
  }

  private static String describe(org.apache.paimon.manifest.IndexManifestEntry e) {
    var f = e.indexFile();
    return String.join(
        "|",
        "kind=" + e.kind().toByteValue(),
        "part=" + Describe.hex(e.partition()),
        "bucket=" + e.bucket(),
        "type=" + f.indexType(),
        "name=" + f.fileName(),
        "size=" + f.fileSize(),
        "rows=" + f.rowCount(),
        "ranges=" + PaimonApi.deletionVectorRanges(f),
        "external=" + PaimonApi.externalPath(f));
  }

  /**
   * lakeops' Avro schema of a file equals the schema this Paimon release wrote, byte for byte on
   * 1.3; on 1.2 and 1.4 up to exactly the fields {@link PaimonVersion} names (each of which must be
   * present on its side and absent on the other, so the declared difference cannot drift).
   */
  static void assertLayout(
      org.apache.avro.Schema ours, org.apache.avro.Schema theirs, PaimonVersion.AvroFile file)
      throws Exception {
    java.util.Set<String> onlyOurs = PaimonVersion.fieldsOnlyLakeopsWrites(file);
    java.util.Set<String> onlyTheirs = PaimonVersion.fieldsOnlyPaimonWrites(file);
    if (onlyOurs.isEmpty() && onlyTheirs.isEmpty()) {
      assertThat(ours).isEqualTo(theirs);
      return;
    }
    var mapper = new com.fasterxml.jackson.databind.ObjectMapper();
    var ourTree = mapper.readTree(ours.toString());
    var theirTree = mapper.readTree(theirs.toString());
    for (String field : onlyOurs) {
      assertThat(removeField(ourTree, field)).as("lakeops writes %s in a %s", field, file).isTrue();
      assertThat(removeField(theirTree.deepCopy(), field))
          .as("Paimon %s writes no %s in a %s", PaimonVersion.runtime(), field, file)
          .isFalse();
    }
    for (String field : onlyTheirs) {
      assertThat(removeField(theirTree, field))
          .as("Paimon %s writes %s in a %s", PaimonVersion.runtime(), field, file)
          .isTrue();
      assertThat(removeField(ourTree.deepCopy(), field))
          .as("lakeops writes no %s in a %s", field, file)
          .isFalse();
    }
    assertThat(ourTree.toPrettyString()).isEqualTo(theirTree.toPrettyString());
  }

  /** Removes every record field named {@code name} from an Avro schema's JSON; true if any. */
  private static boolean removeField(com.fasterxml.jackson.databind.JsonNode node, String name) {
    boolean removed = false;
    if (node.isObject()) {
      var fields = node.get("fields");
      if (fields instanceof com.fasterxml.jackson.databind.node.ArrayNode array) {
        for (int i = array.size() - 1; i >= 0; i--) {
          if (name.equals(array.get(i).path("name").asText())) {
            array.remove(i);
            removed = true;
          }
        }
      }
      for (var child : node) {
        removed |= removeField(child, name);
      }
    } else if (node.isArray()) {
      for (var child : node) {
        removed |= removeField(child, name);
      }
    }
    return removed;
  }

  static org.apache.avro.Schema schemaOf(Path avroFile) throws Exception {
    try (var reader =
        new org.apache.avro.file.DataFileReader<>(
            avroFile.toFile(),
            new org.apache.avro.generic.GenericDatumReader<
                org.apache.avro.generic.GenericRecord>())) {
      assertThat(reader.getMetaString("avro.codec")).isEqualTo("zstandard");
      return reader.getSchema();
    }
  }
}
