package dev.lakeops.tools.binlog.file;

import static dev.lakeops.tools.binlog.file.BinlogFixtures.flipped;
import static dev.lakeops.tools.binlog.file.BinlogFixtures.verify;
import static dev.lakeops.tools.binlog.file.SyntheticBinlog.UUID;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.tools.Finding;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MySQL 8 event types (33/34/35, v2 rows, QUERY BEGIN) on byte fixtures built from the documented
 * layout.
 */
class BinlogMysqlEventsTest {

  @TempDir Path dir;

  @Test
  void tracksMysqlTransactionsOpenedByGtidAndBeginAndEndedByXidOrStandaloneDdl() {
    byte[] file = threeTransactions().bytes();

    BinlogVerdict v = verify(dir, file);

    assertThat(v.status()).isEqualTo(BinlogVerdict.Status.OK);
    assertThat(v.serverVersion()).isEqualTo("8.0.34");
    assertThat(v.transactions()).isEqualTo(3);
    assertThat(v.lastCommittedGtid()).isEqualTo(UUID + ":43");
    assertThat(v.gtidSet()).isEqualTo(UUID + ":1-40");
  }

  @Test
  void aDamagedV2RowsEventCutsItsTransactionAndTheRestartIsAfterTheDdl() {
    SyntheticBinlog b = threeTransactionsUpTo43Rows();
    long rowsAt = b.position();
    b.writeRowsV2(102, 7);
    long xidAt = b.position();
    byte[] file = b.xid(12).rotate("binlog.000002").bytes();

    BinlogVerdict v = verify(dir, flipped(file, (int) rowsAt + 25));

    assertThat(v.firstBad().offset()).isEqualTo(rowsAt);
    assertThat(v.firstBad().type()).isEqualTo(EventTypes.WRITE_ROWS_V2);
    assertThat(v.lastCommittedGtid()).isEqualTo(UUID + ":42");
    assertThat(v.openTransaction()).isEqualTo(UUID + ":43");
    assertThat(v.resyncOffset()).isEqualTo(xidAt);
    assertThat(v.affectedTables()).containsExactly("shop.orders");
  }

  @Test
  void anonymousGtidTransactionsAndStatementDmlAreRecognised() {
    byte[] file =
        new SyntheticBinlog()
            .anonymousGtid()
            .query("BEGIN")
            .query("INSERT INTO shop.orders VALUES (1)")
            .xid(3)
            .rotate("binlog.000002")
            .bytes();

    BinlogVerdict v = verify(dir, file);

    assertThat(v.transactions()).isEqualTo(1);
    assertThat(v.lastCommittedGtid()).isEqualTo("ANONYMOUS");
    assertThat(v.statementDml()).isEqualTo(1);
    assertThat(BinlogFindings.of(v))
        .extracting(Finding::code)
        .containsExactly("binlog.ok", "binlog.statement-dml");
  }

  private static SyntheticBinlog threeTransactions() {
    return threeTransactionsUpTo43Rows().writeRowsV2(102, 7).xid(12).rotate("binlog.000002");
  }

  private static SyntheticBinlog threeTransactionsUpTo43Rows() {
    return new SyntheticBinlog()
        .previousGtids(1, 40)
        .gtid(41)
        .query("BEGIN")
        .tableMap(101, "customers")
        .writeRowsV2(101, 1)
        .xid(10)
        .gtid(42)
        .query("CREATE TABLE shop.t2 (id INT)")
        .gtid(43)
        .query("BEGIN")
        .tableMap(102, "orders");
  }
}
