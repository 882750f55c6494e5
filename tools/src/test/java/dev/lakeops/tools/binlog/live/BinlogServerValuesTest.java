package dev.lakeops.tools.binlog.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * Parsing and printing of connections, offsets and GTID sets: bad input is named, passwords never
 * printed.
 */
class BinlogServerValuesTest {

  @Test
  void connectionNeverPrintsItsPassword() {
    BinlogServerConnection c =
        new BinlogServerConnection(
            "jdbc:mariadb://db:3306/?user=cdc&password=s3cret&useSsl=true", "cdc", "s3cret");

    assertThat(c.toString()).doesNotContain("s3cret").contains("password=***", "useSsl=true");
    assertThat(c.endpoint()).isEqualTo("jdbc:mariadb://db:3306/?user=cdc&password=***&useSsl=true");
    assertThat(c.redact("driver said s3cret")).isEqualTo("driver said ***");
    assertThat(BinlogServerConnection.sanitize("jdbc:mysql://u:pw@db/"))
        .isEqualTo("jdbc:mysql://***@db/");
  }

  @Test
  void rejectsUrlsThatAreNotMysqlOrMariadbWithoutQuotingThePassword() {
    assertThatThrownBy(
            () ->
                new BinlogServerConnection("jdbc:postgresql://db/?password=s3cret", "u", "s3cret"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("jdbc:postgresql")
        .hasMessageNotContaining("s3cret");
  }

  @Test
  void parsesFilePosOffsetsAndNamesBadOnes() {
    assertThat(ConnectorOffset.parseFilePos("mysql-bin.000042:1234"))
        .isEqualTo(ConnectorOffset.filePos("mysql-bin.000042", 1234));
    assertThatThrownBy(() -> ConnectorOffset.parseFilePos("mysql-bin.000042"))
        .hasMessageContaining("is not FILE:POS");
    assertThatThrownBy(() -> ConnectorOffset.parseFilePos("mysql-bin.000042:x1"))
        .hasMessageContaining("x1 is not a number");
    assertThatThrownBy(() -> ConnectorOffset.parseFilePos("mysql-bin.000042:2"))
        .hasMessageContaining("below 4");
    assertThatThrownBy(() -> ConnectorOffset.parseFilePos("../etc/passwd:4"))
        .hasMessageContaining("not a plain file name");
  }

  @Test
  void parsesMariadbGtidListsInBothForms() {
    assertThat(MariadbGtids.parse("[0-1-7,1-2-40]")).containsKeys(0L, 1L);
    assertThat(MariadbGtids.parse("0-1-7").get(0L).seq()).isEqualTo(7);
    assertThat(MariadbGtids.parse("[]")).isEmpty();
    assertThatThrownBy(() -> MariadbGtids.parse("0-1"))
        .hasMessageContaining("0-1 is not a MariaDB GTID");
    assertThatThrownBy(() -> MariadbGtids.parse("0-1-2,0-1-3"))
        .hasMessageContaining("domain 0 appears twice");
  }

  @Test
  void mysqlGtidSetsMergeIntervalsAndReportWhatIsMissing() {
    String uuid = "3E11FA47-71CA-11E1-9E33-C80AA9429562";
    MysqlGtidSet have = MysqlGtidSet.parse(uuid + ":1-5:6-10:20");
    MysqlGtidSet want = MysqlGtidSet.parse(uuid.toLowerCase() + ":3-8,\n" + uuid + ":15-20");

    assertThat(have.containsAll(MysqlGtidSet.parse(uuid + ":2-10"))).isTrue();
    assertThat(have.containsAll(want)).isFalse();
    assertThat(have.missingFrom(want)).isEqualTo(uuid.toLowerCase() + ":15-19");
    assertThat(MysqlGtidSet.parse("").isEmpty()).isTrue();
    assertThatThrownBy(() -> MysqlGtidSet.parse("nouuid:1-2"))
        .hasMessageContaining("not a MySQL GTID set member");
    assertThatThrownBy(() -> MysqlGtidSet.parse(uuid + ":5-2")).hasMessageContaining("empty");
  }
}
