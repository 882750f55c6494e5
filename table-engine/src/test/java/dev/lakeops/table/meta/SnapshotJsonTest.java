package dev.lakeops.table.meta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.io.LocalFileIO;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SnapshotJsonTest {

  @ParameterizedTest
  @ValueSource(strings = {"meta/snapshot_paimon_1_3.json", "meta/snapshot_batch_append.json"})
  void writesBackWhatPaimon13WroteByteForByte(String resource) {
    String json = TestResources.text(resource);

    assertThat(SnapshotJson.toJson(SnapshotJson.fromJson(json))).isEqualTo(json);
  }

  @Test
  void readsEveryFieldOfAPaimon13Snapshot() {
    Snapshot s = SnapshotJson.fromJson(TestResources.text("meta/snapshot_paimon_1_3.json"));

    assertThat(s.version()).isEqualTo(3);
    assertThat(s.id()).isEqualTo(5);
    assertThat(s.schemaId()).isZero();
    assertThat(s.baseManifestList()).endsWith("-9");
    assertThat(s.baseManifestListSize()).isEqualTo(1029);
    assertThat(s.deltaManifestListSize()).isEqualTo(1012);
    assertThat(s.changelogManifestList()).endsWith("-11");
    assertThat(s.changelogManifestListSize()).isEqualTo(1013);
    assertThat(s.indexManifest()).startsWith("index-manifest-");
    assertThat(s.commitUser()).isEqualTo("probe-user");
    assertThat(s.commitIdentifier()).isEqualTo(3);
    assertThat(s.commitKind()).isEqualTo(CommitKind.COMPACT);
    assertThat(s.timeMillis()).isEqualTo(1795993030300L);
    assertThat(s.logOffsets()).isEmpty();
    assertThat(s.totalRecordCount()).isEqualTo(3);
    assertThat(s.deltaRecordCount()).isEqualTo(-3);
    assertThat(s.changelogRecordCount()).isEqualTo(4);
    assertThat(s.watermark()).isNull();
    assertThat(s.statistics()).isNull();
    assertThat(s.properties()).isNull();
    assertThat(s.nextRowId()).isZero();
  }

  @Test
  void keepsPropertiesInFileOrderAndTheWatermark() {
    Snapshot s = SnapshotJson.fromJson(TestResources.text("meta/snapshot_batch_append.json"));

    assertThat(s.properties().keySet()).containsExactly("b", "a");
    assertThat(s.watermark()).isEqualTo(Long.MIN_VALUE);
    assertThat(s.commitIdentifier()).isEqualTo(Snapshot.BATCH_COMMIT_IDENTIFIER);
    assertThat(s.changelogManifestList()).isNull();
  }

  @Test
  void readsAPaimon20SnapshotIgnoringUuidOperationAndUnknownFields() {
    Snapshot s = SnapshotJson.fromJson(TestResources.text("meta/snapshot_paimon_2_0.json"));

    assertThat(s.id()).isEqualTo(7);
    assertThat(s.commitKind()).isEqualTo(CommitKind.OVERWRITE);
    assertThat(s.logOffsets()).isNull();
    assertThat(s.changelogManifestList()).isNull();
    assertThat(s.changelogRecordCount()).isNull();
    assertThat(s.baseManifestListSize()).isNull();
    assertThat(s.nextRowId()).isNull();
  }

  @Test
  void omitsWhatPaimon13OmitsAndWritesNullsItWrites() {
    Snapshot s =
        Snapshot.builder()
            .id(1)
            .baseManifestList("b", null)
            .deltaManifestList("d", null)
            .commitUser("u")
            .logOffsets(Map.of())
            .changelogRecordCount(null)
            .nextRowId(null)
            .totalRecordCount(null)
            .deltaRecordCount(null)
            .build();

    assertThat(SnapshotJson.toJson(s))
        .isEqualTo(
            """
            {
              "version" : 3,
              "id" : 1,
              "schemaId" : 0,
              "baseManifestList" : "b",
              "deltaManifestList" : "d",
              "changelogManifestList" : null,
              "commitUser" : "u",
              "commitIdentifier" : 9223372036854775807,
              "commitKind" : "APPEND",
              "timeMillis" : 0,
              "logOffsets" : { },
              "totalRecordCount" : null,
              "deltaRecordCount" : null
            }\
            """);
  }

  @Test
  void writesASnapshotWithoutLogOffsetsInPaimon14sLayout() {
    // release-1.4 removed logOffsets and made changelogManifestList NON_NULL.
    Snapshot s =
        Snapshot.builder()
            .id(1)
            .baseManifestList("b", 10L)
            .deltaManifestList("d", 20L)
            .commitUser("u")
            .logOffsets(null)
            .totalRecordCount(7L)
            .deltaRecordCount(2L)
            .build();

    String json = SnapshotJson.toJson(s);
    assertThat(json).doesNotContain("changelogManifestList", "logOffsets");
    assertThat(SnapshotJson.fromJson(json)).isEqualTo(s);
    assertThat(SnapshotJson.toJson(s.toBuilder().changelogManifestList("c", 30L).build()))
        .contains("\"changelogManifestList\" : \"c\",", "\"changelogManifestListSize\" : 30,");
  }

  @Test
  void buildsSnapshotsThatLookLikePaimon13s() {
    Snapshot s =
        Snapshot.builder()
            .id(2)
            .schemaId(0)
            .baseManifestList("b", 10L)
            .deltaManifestList("d", 20L)
            .commitUser("u")
            .commitIdentifier(4)
            .timeMillis(5)
            .totalRecordCount(7L)
            .deltaRecordCount(2L)
            .build();

    assertThat(SnapshotJson.toJson(s))
        .contains("\"logOffsets\" : { },", "\"changelogRecordCount\" : 0,", "\"nextRowId\" : 0\n}");
    assertThat(s.toBuilder().id(3).build().id()).isEqualTo(3);
    assertThat(SnapshotJson.fromJson(SnapshotJson.toJson(s))).isEqualTo(s);
  }

  @Test
  void acceptsNumbersWrittenAsStringsAndAMissingVersion() {
    Snapshot s =
        SnapshotJson.fromJson(
            """
            {"id": "4", "schemaId": 0, "baseManifestList": "b", "deltaManifestList": "d", "commitUser": "u",
             "commitIdentifier": "12", "commitKind": "APPEND", "timeMillis": 1, "logOffsets": {"0": 5}}\
            """);

    assertThat(s.version()).isEqualTo(1);
    assertThat(s.commitIdentifier()).isEqualTo(12);
    assertThat(s.logOffsets()).containsExactly(Map.entry(0, 5L));
  }

  @Test
  void namesTheProblemInBadSnapshots() {
    String valid = TestResources.text("meta/snapshot_paimon_1_3.json");

    assertThatThrownBy(() -> SnapshotJson.fromJson(valid.replace("\"COMPACT\"", "\"MERGE\"")))
        .isInstanceOf(CorruptSnapshotException.class)
        .hasMessageContaining("commitKind")
        .hasMessageContaining("MERGE");
    assertThatThrownBy(() -> SnapshotJson.fromJson(valid.replace("\"id\" : 5", "\"id\" : 0")))
        .isInstanceOf(CorruptSnapshotException.class)
        .hasMessageContaining("snapshot id: 0");
    assertThatThrownBy(
            () -> SnapshotJson.fromJson(valid.replace("\"commitUser\" : \"probe-user\",", "")))
        .isInstanceOf(CorruptSnapshotException.class)
        .hasMessageContaining("Missing field 'commitUser'");
    assertThatThrownBy(
            () ->
                SnapshotJson.fromJson(
                    valid.replace("\"totalRecordCount\" : 3", "\"totalRecordCount\" : 3.5")))
        .isInstanceOf(CorruptSnapshotException.class)
        .hasMessageContaining("totalRecordCount")
        .hasMessageContaining("3.5");
    assertThatThrownBy(() -> SnapshotJson.fromJson(valid.substring(0, valid.length() / 2)))
        .isInstanceOf(CorruptSnapshotException.class)
        .hasMessageContaining("Invalid JSON");
    assertThatThrownBy(
            () ->
                SnapshotJson.fromJson(
                    valid.replace("\"logOffsets\" : { }", "\"logOffsets\" : {\"x\": 1}")))
        .isInstanceOf(CorruptSnapshotException.class)
        .hasMessageContaining("'x'");
  }

  @Test
  void namesTheFileOfACorruptSnapshot(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("snapshot-5");
    byte[] bytes =
        TestResources.text("meta/snapshot_paimon_1_3.json")
            .getBytes(java.nio.charset.StandardCharsets.UTF_8);
    Files.write(file, java.util.Arrays.copyOf(bytes, bytes.length - 5));

    assertThatThrownBy(() -> SnapshotJson.load(new LocalFileIO(), file))
        .isInstanceOf(CorruptSnapshotException.class)
        .hasMessageContaining(file.toString());
  }

  @Test
  void validatesRequiredValues() {
    assertThatThrownBy(
            () -> Snapshot.builder().id(1).deltaManifestList("d", null).commitUser("u").build())
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("baseManifestList");
    assertThatThrownBy(() -> Snapshot.builder().id(1).schemaId(-1).build())
        .hasMessageContaining("schema id");
  }
}
