package dev.lakeops.table.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.types.ArrayType;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ColumnStatsCollectorTest {

  private static final RowType TYPE =
      RowType.of(
          List.of(
              new DataField(0, "id", AtomicType.of(TypeRoot.INT)),
              new DataField(1, "name", AtomicType.string()),
              new DataField(2, "payload", AtomicType.bytes()),
              new DataField(3, "tags", new ArrayType(true, AtomicType.string()))));

  @Test
  void collectsMinMaxAndNullCountsOverEveryRowIncludingDeletes() {
    ColumnStatsCollector stats =
        ColumnStatsCollector.uniform(TYPE, StatsMode.DEFAULT, StatsSource.ROWS);
    stats.add(Row.of(2, "apple2", new byte[] {1}, List.of("a")));
    stats.add(Row.ofKind(RowKind.DELETE, 1, "banana", null, null));
    stats.add(Row.of(null, null, new byte[] {2}, List.of()));

    ColumnStats result = stats.result();

    assertThat(result.min()).isEqualTo(Row.of(1, "apple2", null, null));
    assertThat(result.max()).isEqualTo(Row.of(2, "banana", null, null));
    assertThat(result.nullCounts()).containsExactly(1L, 1L, 1L, 1L);
  }

  @Test
  void truncatesStringBoundsToTheConfiguredLength() {
    ColumnStatsCollector stats =
        ColumnStatsCollector.uniform(TYPE, StatsMode.DEFAULT, StatsSource.ROWS);
    stats.add(Row.of(1, "a-long-string-value", null, null));
    stats.add(Row.of(2, "a-long-string-value-2", null, null));

    ColumnStats result = stats.result();

    assertThat(result.min().get(1)).isEqualTo("a-long-string-va");
    assertThat(result.max().get(1)).isEqualTo("a-long-string-vb");
  }

  @Test
  void keepsFullStringsInFullMode() {
    ColumnStatsCollector stats =
        ColumnStatsCollector.uniform(TYPE, StatsMode.FULL, StatsSource.ROWS);
    stats.add(Row.of(1, "a-long-string-value", null, null));

    assertThat(stats.result().max().get(1)).isEqualTo("a-long-string-value");
  }

  @Test
  void keepsOnlyNullCountsOrNothingAsTheModeSays() {
    ColumnStatsCollector stats =
        ColumnStatsCollector.of(
            TYPE,
            List.of(StatsMode.COUNTS, StatsMode.NONE, StatsMode.DEFAULT, StatsMode.DEFAULT),
            StatsSource.ROWS);
    stats.add(Row.of(1, "x", null, null));

    ColumnStats result = stats.result();

    assertThat(result.min()).isEqualTo(Row.of(null, null, null, null));
    assertThat(result.nullCounts()).containsExactly(0L, null, 1L, 1L);
    assertThat(result.isCollected(0)).isTrue();
    assertThat(result.isCollected(1)).isFalse();
  }

  @Test
  void dropsNestedColumnsEntirelyWhenStatsComeFromAFooter() {
    ColumnStatsCollector stats =
        ColumnStatsCollector.uniform(TYPE, StatsMode.DEFAULT, StatsSource.FOOTER);
    stats.add(Row.of(1, "x", null, null));

    assertThat(stats.result().nullCounts()).isEqualTo(Arrays.asList(0L, 0L, 1L, null));
    assertThat(stats.result().isCollected(3)).isFalse();
  }

  @Test
  void keepsKeyStatsFullWhenTheyComeFromAFooter() {
    RowType keys =
        RowType.of(List.of(new DataField(0, "_KEY_k", AtomicType.string().withNullable(false))));
    ColumnStatsCollector footer =
        ColumnStatsCollector.forKeys(keys, StatsMode.DEFAULT, StatsSource.FOOTER);
    ColumnStatsCollector rows =
        ColumnStatsCollector.forKeys(keys, StatsMode.DEFAULT, StatsSource.ROWS);
    footer.add(Row.of("kkkkkkkkkkkkkkkkkkkkkkkkk-long-key"));
    rows.add(Row.of("kkkkkkkkkkkkkkkkkkkkkkkkk-long-key"));

    assertThat(footer.result().max().get(0)).isEqualTo("kkkkkkkkkkkkkkkkkkkkkkkkk-long-key");
    assertThat(rows.result().max().get(0)).isEqualTo("kkkkkkkkkkkkkkkl");
  }

  @Test
  void hasNoBoundsForAColumnOfNulls() {
    ColumnStatsCollector stats =
        ColumnStatsCollector.uniform(TYPE, StatsMode.DEFAULT, StatsSource.ROWS);
    stats.add(Row.of(null, null, null, null));

    assertThat(stats.result().min()).isEqualTo(Row.of(null, null, null, null));
    assertThat(stats.result().isCollected(0)).isTrue();
  }

  @Test
  void rejectsRowsOfAnotherArity() {
    ColumnStatsCollector stats =
        ColumnStatsCollector.uniform(TYPE, StatsMode.DEFAULT, StatsSource.ROWS);

    assertThatThrownBy(() -> stats.add(Row.of(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("arity 1");
    assertThatThrownBy(
            () -> ColumnStatsCollector.of(TYPE, List.of(StatsMode.FULL), StatsSource.ROWS))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
