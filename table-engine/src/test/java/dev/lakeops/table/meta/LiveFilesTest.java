package dev.lakeops.table.meta;

import static dev.lakeops.table.meta.ManifestFixtures.add;
import static dev.lakeops.table.meta.ManifestFixtures.delete;
import static dev.lakeops.table.meta.ManifestFixtures.file;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class LiveFilesTest {

  @Test
  void keepsAddedFilesThatNoLaterEntryDeletes() {
    ManifestEntry a = add("d1", 0, file("data-a.parquet", 0));
    ManifestEntry b = add("d1", 1, file("data-b.parquet", 0));

    LiveFiles live =
        new LiveFiles()
            .apply(List.of(a, b))
            .apply(List.of(delete("d1", 0, file("data-a.parquet", 0))));

    assertThat(live.files()).containsExactly(b);
    assertThat(live.unmatchedDeletes()).isEmpty();
  }

  @Test
  void treatsALevelUpgradeAsDeleteAndAddOfAnotherIdentity() {
    ManifestEntry l0 = add("d1", 0, file("data-a.parquet", 0));
    ManifestEntry l5 = add("d1", 0, file("data-a.parquet", 5));

    LiveFiles live =
        new LiveFiles().apply(List.of(l0, delete("d1", 0, file("data-a.parquet", 0)), l5));

    assertThat(live.files()).containsExactly(l5);
    assertThat(l0.identifier()).isNotEqualTo(l5.identifier());
  }

  @Test
  void remembersDeletesOfFilesItNeverSawAdded() {
    LiveFiles live = new LiveFiles().apply(List.of(delete("d1", 0, file("data-x.parquet", 2))));

    assertThat(live.files()).isEmpty();
    assertThat(live.unmatchedDeletes())
        .containsExactly(delete("d1", 0, file("data-x.parquet", 2)).identifier());
  }

  @Test
  void failsOnAddingALiveFileTwice() {
    ManifestEntry a = add("d1", 0, file("data-a.parquet", 0));

    assertThatThrownBy(() -> new LiveFiles().apply(List.of(a, a)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("data-a.parquet")
        .hasMessageContaining("already added");
  }

  @Test
  void distinguishesTheSameFileNameInAnotherPartitionOrBucket() {
    ManifestEntry a = add("d1", 0, file("data-a.parquet", 0));

    LiveFiles live =
        new LiveFiles()
            .apply(
                List.of(
                    a,
                    add("d2", 0, file("data-a.parquet", 0)),
                    add("d1", 1, file("data-a.parquet", 0))));

    assertThat(live.files()).hasSize(3);
  }
}
