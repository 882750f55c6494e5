package dev.lakeops.tools.binlog.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** MariaDB positions and MySQL interval sets, parsed and compared with the range a plan needs. */
class GtidSetTest {

  private static final String UUID = "3e11fa47-71ca-11e1-9e33-c80aa9429562";

  @Test
  void mariadbPositionContainsEverythingUpToItsSequenceInTheDomain() {
    GtidSet set = GtidSet.parse("0-1-20, 1-2-5");

    assertThat(set.flavor()).isEqualTo(GtidSet.Flavor.MARIADB);
    assertThat(set.containsAll(new GtidRange(GtidSet.Flavor.MARIADB, "0", 6, 20))).isTrue();
    assertThat(set.containsAll(new GtidRange(GtidSet.Flavor.MARIADB, "0", 6, 21))).isFalse();
    assertThat(set.containsAll(new GtidRange(GtidSet.Flavor.MARIADB, "2", 1, 1))).isFalse();
    assertThat(set.hasSource("1")).isTrue();
  }

  @Test
  void mariadbBinlogStateTakesTheHighestSequencePerDomain() {
    GtidSet state = GtidSet.parse("0-1-7,0-2-12,0-3-9");

    assertThat(state.highest("0")).isEqualTo(12);
  }

  @Test
  void mysqlIntervalsWithGapsAndSeveralUuids() {
    GtidSet set = GtidSet.parse(UUID + ":1-5:7-9,\n24da1670-0c0c-11e8-8442-00059a3c7b00:1-19");

    assertThat(set.flavor()).isEqualTo(GtidSet.Flavor.MYSQL);
    assertThat(set.containsAll(new GtidRange(GtidSet.Flavor.MYSQL, UUID, 7, 9))).isTrue();
    assertThat(set.containsAll(new GtidRange(GtidSet.Flavor.MYSQL, UUID, 5, 7))).isFalse();
    assertThat(set.containsAny(new GtidRange(GtidSet.Flavor.MYSQL, UUID, 5, 7))).isTrue();
    assertThat(set.containsAny(new GtidRange(GtidSet.Flavor.MYSQL, UUID, 6, 6))).isFalse();
    assertThat(set.containsAll(new GtidRange(GtidSet.Flavor.MYSQL, UUID.toUpperCase(), 1, 3)))
        .isTrue();
    assertThat(set.containsAll(new GtidRange(GtidSet.Flavor.MARIADB, "0", 1, 1))).isFalse();
    assertThat(set.highest("24DA1670-0C0C-11E8-8442-00059A3C7B00")).isEqualTo(19);
  }

  @Test
  void adjacentIntervalsJoin() {
    GtidSet set = GtidSet.parse(UUID + ":1-3:4-6");

    assertThat(set.containsAll(new GtidRange(GtidSet.Flavor.MYSQL, UUID, 2, 6))).isTrue();
  }

  @Test
  void emptyTextIsAnEmptySet() {
    assertThat(GtidSet.parse("").isEmpty()).isTrue();
    assertThat(GtidSet.parse(null).isEmpty()).isTrue();
  }

  @Test
  void rejectsMalformedSetsNamingThePiece() {
    assertThatThrownBy(() -> GtidSet.parse("0-1"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'0-1'");
    assertThatThrownBy(() -> GtidSet.parse(UUID + ":9-3"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("9-3");
    assertThatThrownBy(() -> GtidSet.parse(UUID + ":x"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'x'");
    assertThatThrownBy(() -> GtidSet.parse("0-1-99999999999999999999999"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> GtidSet.parse("not a gtid"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("domain-server-seq");
  }
}
