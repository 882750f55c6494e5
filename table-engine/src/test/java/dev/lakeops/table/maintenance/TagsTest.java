package dev.lakeops.table.maintenance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.meta.Tag;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TagsTest {

  @TempDir Path dir;

  @Test
  void writesATagWithoutRetentionByteForByteAsItsSnapshot() throws Exception {
    TableHistory h = new TableHistory(dir);
    Tags tags = new Tags(h.table.io, h.table.paths, h.clock);

    TagReport report = tags.createTag("v1", 3);

    assertThat(report.action()).isEqualTo(TagReport.Action.CREATED);
    assertThat(report.snapshotId()).isEqualTo(3);
    assertThat(report.createTime()).isNull();
    assertThat(Files.readString(h.table.paths.tagFile("v1")))
        .isEqualTo(Files.readString(h.table.paths.snapshotFile(3)));
    assertThat(tags.list()).containsOnlyKeys("v1");
  }

  @Test
  void recordsTheCreateTimeAndRetentionOfARetainedTag() {
    TableHistory h = new TableHistory(dir);
    Tags tags = new Tags(h.table.io, h.table.paths, h.clock);

    TagReport report = tags.createTag("daily", 4, Duration.ofHours(36));

    Tag tag = tags.list().get("daily");
    assertThat(tag.createTime())
        .isEqualTo(LocalDateTime.of(2026, 1, 1, 0, 6))
        .isEqualTo(report.createTime());
    assertThat(tag.timeRetained()).isEqualTo(Duration.ofHours(36));
    assertThat(tag.snapshot()).isEqualTo(h.snapshot(4));
  }

  @Test
  void refusesAnExistingNameAndAMissingSnapshot() {
    TableHistory h = new TableHistory(dir);
    Tags tags = new Tags(h.table.io, h.table.paths, h.clock);
    tags.createTag("v1", 3);

    assertThatThrownBy(() -> tags.createTag("v1", 4))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Tag 'v1' already exists");
    assertThatThrownBy(() -> tags.createTag("v2", 99))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Snapshot 99")
        .hasMessageContaining("snapshots 1..6");
    assertThatThrownBy(() -> tags.deleteTag("v2"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Tag 'v2' does not exist")
        .hasMessageContaining("[v1]");
    assertThat(tags.list().get("v1").snapshot().id()).isEqualTo(3);
  }

  @Test
  void deletingTheTagOfALiveSnapshotDeletesNoFile() {
    TableHistory h = new TableHistory(dir);
    Tags tags = new Tags(h.table.io, h.table.paths, h.clock);
    tags.createTag("v1", 1);

    TagReport report = tags.deleteTag("v1");

    assertThat(report.action()).isEqualTo(TagReport.Action.DELETED);
    assertThat(report.deletedFiles().count()).isZero();
    assertThat(h.table.paths.tagFile("v1")).doesNotExist();
    h.assertReadable(h.snapshot(1));
  }

  @Test
  void expiresOnlyTagsWhoseRetentionPassed() {
    TableHistory h = new TableHistory(dir);
    Tags tags = new Tags(h.table.io, h.table.paths, h.clock);
    tags.createTag("short", 1, Duration.ofMinutes(30));
    tags.createTag("long", 2, Duration.ofDays(7));
    tags.createTag("forever", 3);
    h.clock.advance(Duration.ofHours(1));

    assertThat(tags.expireTags()).extracting(TagReport::tagName).containsExactly("short");
    assertThat(tags.list()).containsOnlyKeys("long", "forever");
  }
}
