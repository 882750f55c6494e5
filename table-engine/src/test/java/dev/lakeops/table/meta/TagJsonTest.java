package dev.lakeops.table.meta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;

class TagJsonTest {

  private static final Snapshot SNAPSHOT =
      SnapshotJson.fromJson(TestResources.text("meta/snapshot_paimon_1_3.json"));

  @Test
  void writesATagWithoutRetentionExactlyAsItsSnapshot() {
    assertThat(TagJson.toJson(Tag.of(SNAPSHOT)))
        .isEqualTo(TestResources.text("meta/snapshot_paimon_1_3.json"));
  }

  @Test
  void appendsCreateTimeAndRetentionInJacksonsJavaTimeForm() {
    Tag tag =
        new Tag(
            SNAPSHOT,
            LocalDateTime.of(2024, 1, 2, 3, 4, 5, 6_000_000),
            Duration.ofHours(36).plusMillis(250));

    String json = TagJson.toJson(tag);

    assertThat(json)
        .endsWith(
            """
              "nextRowId" : 0,
              "tagCreateTime" : [ 2024, 1, 2, 3, 4, 5, 6000000 ],
              "tagTimeRetained" : 129600.250000000
            }\
            """);
    assertThat(TagJson.fromJson(json)).isEqualTo(tag);
  }

  @Test
  void omitsZeroSecondsAndNanosFromTheCreateTimeAsJacksonDoes() {
    Tag tag = new Tag(SNAPSHOT, LocalDateTime.of(2024, 1, 2, 3, 4), Duration.ofDays(1));

    assertThat(TagJson.toJson(tag))
        .contains(
            "\"tagCreateTime\" : [ 2024, 1, 2, 3, 4 ],", "\"tagTimeRetained\" : 86400.000000000");
    assertThat(TagJson.fromJson(TagJson.toJson(tag))).isEqualTo(tag);
  }

  @Test
  void readsIsoStringsAndIntegerSeconds() {
    String base = TestResources.text("meta/snapshot_paimon_1_3.json");
    String json =
        base.substring(0, base.lastIndexOf('}'))
            + ", \"tagCreateTime\": \"2024-01-02T03:04:05\", \"tagTimeRetained\": 60}";

    Tag tag = TagJson.fromJson(json);

    assertThat(tag.createTime()).isEqualTo(LocalDateTime.of(2024, 1, 2, 3, 4, 5));
    assertThat(tag.timeRetained()).isEqualTo(Duration.ofMinutes(1));
  }

  @Test
  void namesABadCreateTimeOrRetention() {
    String base = TestResources.text("meta/snapshot_paimon_1_3.json");
    String prefix = base.substring(0, base.lastIndexOf('}'));

    assertThatThrownBy(() -> TagJson.fromJson(prefix + ", \"tagCreateTime\": [2024, 13, 1, 0, 0]}"))
        .isInstanceOf(CorruptSnapshotException.class)
        .hasMessageContaining("tagCreateTime");
    assertThatThrownBy(() -> TagJson.fromJson(prefix + ", \"tagTimeRetained\": true}"))
        .isInstanceOf(CorruptSnapshotException.class)
        .hasMessageContaining("tagTimeRetained");
    assertThatThrownBy(() -> new Tag(SNAPSHOT, null, Duration.ofSeconds(-1)))
        .hasMessageContaining("negative");
  }
}
