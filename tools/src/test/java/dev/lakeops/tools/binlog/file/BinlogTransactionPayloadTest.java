package dev.lakeops.tools.binlog.file;

import static dev.lakeops.tools.binlog.file.BinlogFixtures.verify;
import static dev.lakeops.tools.binlog.file.BinlogFixtures.write;
import static dev.lakeops.tools.binlog.file.SyntheticBinlog.UUID;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.shyiko.mysql.binlog.BinaryLogFileReader;
import com.github.shyiko.mysql.binlog.event.Event;
import com.github.shyiko.mysql.binlog.event.EventType;
import com.github.shyiko.mysql.binlog.event.TransactionPayloadEventData;
import com.github.shyiko.mysql.binlog.event.WriteRowsEventData;
import com.github.shyiko.mysql.binlog.event.XidEventData;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MySQL 8 compressed transactions (TRANSACTION_PAYLOAD, type 40) on byte fixtures built from
 * MySQL's documented layout, checked against mysql-binlog-connector-java 0.30.1, which decodes
 * them: the GTID before a payload ends where the payload ends.
 */
class BinlogTransactionPayloadTest {

  @TempDir Path dir;

  private static SyntheticBinlog transaction(long xid, int value) {
    return new SyntheticBinlog()
        .query("BEGIN")
        .tableMap(101, "orders")
        .writeRowsV2(101, value)
        .xid(xid);
  }

  private static SyntheticBinlog twoCompressedTransactions(boolean zstd) {
    return new SyntheticBinlog()
        .previousGtids(1, 40)
        .gtid(41)
        .transactionPayload(transaction(11, 7), zstd)
        .gtid(42)
        .transactionPayload(transaction(12, 8), zstd);
  }

  @Test
  void aGtidWhoseTransactionIsCompressedEndsWhereThePayloadEnds() {
    SyntheticBinlog b = twoCompressedTransactions(true);
    long end = b.position();
    byte[] file = b.bytes();

    BinlogVerdict v = verify(dir, file);

    assertThat(v.status()).isEqualTo(BinlogVerdict.Status.OK);
    assertThat(v.transactions()).isEqualTo(2);
    assertThat(v.lastCommittedGtid()).isEqualTo(UUID + ":42");
    assertThat(v.restartPosition()).isEqualTo(end);
    assertThat(v.endsInTransaction()).isFalse();
  }

  @Test
  void anUncompressedPayloadIsReadAsWell() {
    BinlogVerdict v = verify(dir, twoCompressedTransactions(false).bytes());

    assertThat(v.status()).isEqualTo(BinlogVerdict.Status.OK);
    assertThat(v.transactions()).isEqualTo(2);
  }

  @Test
  void theConnectorReadsTheSameTransactionsFromTheFixture() throws IOException {
    Path file = write(dir, "mysql-bin.000001", twoCompressedTransactions(true).bytes());
    List<Event> payloads = new ArrayList<>();
    try (BinaryLogFileReader reader = new BinaryLogFileReader(file.toFile())) {
      for (Event e = reader.readEvent(); e != null; e = reader.readEvent()) {
        if (e.getHeader().getEventType() == EventType.TRANSACTION_PAYLOAD) {
          payloads.add(e);
        }
      }
    }

    assertThat(payloads).hasSize(2);
    TransactionPayloadEventData second = payloads.get(1).getData();
    List<Event> inner = second.getUncompressedEvents();
    assertThat(inner)
        .extracting(e -> e.getHeader().getEventType())
        .containsExactly(
            EventType.QUERY, EventType.TABLE_MAP, EventType.EXT_WRITE_ROWS, EventType.XID);
    assertThat(((XidEventData) inner.get(3).getData()).getXid()).isEqualTo(12);
    WriteRowsEventData rows = inner.get(2).getData();
    assertThat(rows.getRows().get(0)[0]).isEqualTo(8);
  }

  @Test
  void aCorruptCompressedStreamIsBodyDamageAtThePayloadWithTheReason() {
    SyntheticBinlog b = new SyntheticBinlog().previousGtids(1, 40).gtid(41);
    long payloadAt = b.position();
    SyntheticBinlog inner = transaction(11, 7);
    byte[] good = new SyntheticBinlog().transactionPayload(inner, true).bytes();
    // The payload event of `good` starts after its FDE; copy its body with the zstd frame magic
    // broken, as a new event (so that its CRC is right and only the body is wrong).
    int fdeEnd =
        4 + java.nio.ByteBuffer.wrap(good).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt(4 + 9);
    byte[] body = java.util.Arrays.copyOfRange(good, fdeEnd + 19, good.length - 4);
    int zstdAt = body.length - (body.length - indexOfZstdMagic(body));
    body[zstdAt] ^= 0x55;
    byte[] file = b.raw(EventTypes.TRANSACTION_PAYLOAD, body).bytes();

    BinlogVerdict v = verify(dir, file);

    assertThat(v.status()).isEqualTo(BinlogVerdict.Status.CORRUPT);
    assertThat(v.firstBad().kind()).isEqualTo(Damage.Kind.BODY_INVALID);
    assertThat(v.firstBad().offset()).isEqualTo(payloadAt);
    assertThat(v.firstBad().reason()).contains("TRANSACTION_PAYLOAD").contains("zstd");
    assertThat(v.openTransaction()).isEqualTo(UUID + ":41");
  }

  private static int indexOfZstdMagic(byte[] b) {
    for (int i = 0; i + 3 < b.length; i++) {
      if ((b[i] & 0xff) == 0x28
          && (b[i + 1] & 0xff) == 0xb5
          && (b[i + 2] & 0xff) == 0x2f
          && (b[i + 3] & 0xff) == 0xfd) {
        return i;
      }
    }
    throw new AssertionError("no zstd frame in the payload");
  }
}
