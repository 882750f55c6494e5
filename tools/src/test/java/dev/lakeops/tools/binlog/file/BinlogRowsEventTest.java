package dev.lakeops.tools.binlog.file;

import static dev.lakeops.tools.binlog.file.BinlogFixtures.bytes;
import static dev.lakeops.tools.binlog.file.BinlogFixtures.write;
import static dev.lakeops.tools.binlog.file.BinlogRowValuesTest.b;
import static dev.lakeops.tools.binlog.file.BinlogRowValuesTest.utf8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.tools.binlog.BinlogTools;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rows events as a whole: images, column bitmaps, NULLs, optional metadata, compression, and bodies
 * that cannot be decoded (reported with their offset, never thrown, verification unchanged).
 */
class BinlogRowsEventTest {

  private static final int[] ID_NAME_AMOUNT = {
    ColumnTypes.LONG, ColumnTypes.VARCHAR, ColumnTypes.NEWDECIMAL
  };
  private static final byte[] ID_NAME_AMOUNT_META =
      b(40, 0, 10, 2); // VARCHAR(10) utf8mb4, DECIMAL(10,2)

  @TempDir Path dir;

  @Test
  void decodesTheRecordedMariadbRowsWithTablesKindsAndValues() {
    RowsCollector c = RowsCollector.read(write(dir, "f", bytes(BinlogFixtures.CRC32)));

    assertThat(c.failures).isEmpty();
    assertThat(c.rows)
        .extracting(RowsEvent::qualifiedTable, RowsEvent::kind)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("shop.customers", RowsEvent.Kind.WRITE),
            org.assertj.core.groups.Tuple.tuple("shop.orders", RowsEvent.Kind.WRITE),
            org.assertj.core.groups.Tuple.tuple("shop.customers", RowsEvent.Kind.UPDATE),
            org.assertj.core.groups.Tuple.tuple("shop.orders", RowsEvent.Kind.UPDATE),
            org.assertj.core.groups.Tuple.tuple("shop.orders", RowsEvent.Kind.DELETE),
            org.assertj.core.groups.Tuple.tuple("shop.orders", RowsEvent.Kind.WRITE),
            org.assertj.core.groups.Tuple.tuple("shop.customers", RowsEvent.Kind.DELETE));
    RowsEvent customers = c.rows.get(0);
    assertThat(customers.table().types())
        .containsExactly(ColumnTypes.LONG, ColumnTypes.VARCHAR, ColumnTypes.TIMESTAMP2);
    assertThat(customers.rows().get(0).after())
        .containsExactly(1, utf8("ada"), Instant.parse("2026-01-01T00:00:00Z"));
    RowsEvent orderUpdate = c.rows.get(3);
    assertThat(orderUpdate.rows().get(0).before()[2]).isEqualTo(new BigDecimal("20.00"));
    assertThat(orderUpdate.rows().get(0).after()[2]).isEqualTo(new BigDecimal("21.00"));
    RowsEvent afterAlter = c.rows.get(5);
    assertThat(afterAlter.rows().get(0).after())
        .containsExactly(3, 1, new BigDecimal("5.00"), null, utf8("new"));
  }

  @Test
  void anUpdateWithMinimalImagesKeepsAbsentColumnsApartFromNulls() {
    // before image: id only (key); after image: name and amount, name NULL
    byte[] rows =
        RowBodies.create()
            .u8(0)
            .le(7, 4) // before: null bitmap over 1 column, id=7
            .u8(0b01)
            .raw(0x80, 0, 0, 0x0a, 0x32) // after: name NULL, amount 10.50
            .bytes();
    byte[] file =
        new SyntheticBinlog()
            .raw(
                EventTypes.TABLE_MAP,
                RowBodies.tableMap(
                    9, "orders", ID_NAME_AMOUNT, ID_NAME_AMOUNT_META, b(0b110), new byte[0]))
            .raw(EventTypes.UPDATE_ROWS_V1, RowBodies.rowsV1(9, 3, 0b001, 0b110, rows))
            .bytes();

    RowsCollector c = RowsCollector.read(write(dir, "u.bin", file));

    assertThat(c.failures).isEmpty();
    RowsEvent e = c.rows.get(0);
    assertThat(e.kind()).isEqualTo(RowsEvent.Kind.UPDATE);
    assertThat(e.columns()).isEqualTo(BitSet.valueOf(new long[] {0b001}));
    assertThat(e.columnsAfter()).isEqualTo(BitSet.valueOf(new long[] {0b110}));
    assertThat(e.rows().get(0).before()).containsExactly(7, null, null);
    assertThat(e.rows().get(0).after()).containsExactly(null, null, new BigDecimal("10.50"));
    assertThat(e.table().nullable()).isEqualTo(BitSet.valueOf(new long[] {0b110}));
  }

  @Test
  void readsOptionalMetadataForSignednessNamesEnumMembersAndPrimaryKey() {
    int[] types = {ColumnTypes.LONG, ColumnTypes.STRING, ColumnTypes.VARCHAR};
    byte[] meta = b(ColumnTypes.ENUM, 1, 40, 0);
    byte[] optional =
        RowBodies.create()
            .u8(1)
            .packed(1)
            .u8(0x80) // SIGNEDNESS: the one numeric column
            .u8(4)
            .packed(15)
            .text("id")
            .text("status")
            .text("note") // COLUMN_NAME
            .u8(6)
            .packed(10)
            .packed(2)
            .text("new")
            .text("paid") // ENUM_STR_VALUE for column 1
            .u8(8)
            .packed(1)
            .packed(0) // SIMPLE_PRIMARY_KEY: column 0
            .u8(3)
            .packed(1)
            .packed(45) // COLUMN_CHARSET: note is utf8mb4_general_ci
            .u8(99)
            .packed(2)
            .raw(1, 2) // unknown field: skipped by its length
            .bytes();
    byte[] rows = RowBodies.create().u8(0).le(0xffffffffL, 4).u8(2).u8(2).raw(utf8("hi")).bytes();
    byte[] file =
        new SyntheticBinlog()
            .raw(EventTypes.TABLE_MAP, RowBodies.tableMap(3, "t", types, meta, b(0), optional))
            .raw(EventTypes.WRITE_ROWS_V2, RowBodies.rowsV2(3, 3, 0b111, null, new byte[0], rows))
            .bytes();

    RowsCollector c = RowsCollector.read(write(dir, "o.bin", file));

    assertThat(c.failures).isEmpty();
    TableDefinition t = c.rows.get(0).table();
    assertThat(t.isUnsigned(0)).isTrue();
    assertThat(t.columnNames()).containsExactly("id", "status", "note");
    assertThat(t.realType(1)).isEqualTo(ColumnTypes.ENUM);
    assertThat(t.enumValues()).isEqualTo(Map.of(1, List.of("new", "paid")));
    assertThat(t.primaryKey()).containsExactly(0);
    assertThat(t.collations()).containsExactly(-1, -1, 45);
    assertThat(c.rows.get(0).rows().get(0).after()).containsExactly(4_294_967_295L, 2, utf8("hi"));
  }

  @Test
  void inflatesMariadbCompressedRowsEvents() {
    byte[] plain =
        RowBodies.create()
            .u8(0)
            .le(1, 4)
            .u8(3)
            .raw(utf8("ada"))
            .raw(0x80, 0, 0, 0x0a, 0x32)
            .u8(0)
            .le(2, 4)
            .u8(3)
            .raw(utf8("bob"))
            .raw(0x80, 0, 0, 0x14, 0x00)
            .bytes();
    byte[] compressed = RowBodies.create().u8(0x81).u8(plain.length).raw(zlib(plain)).bytes();
    byte[] file =
        new SyntheticBinlog()
            .raw(
                EventTypes.TABLE_MAP,
                RowBodies.tableMap(
                    4, "orders", ID_NAME_AMOUNT, ID_NAME_AMOUNT_META, b(0), new byte[0]))
            .raw(166, RowBodies.rowsV1(4, 3, 0b111, null, compressed))
            .bytes();

    RowsCollector c = RowsCollector.read(write(dir, "z.bin", file));

    assertThat(c.failures).isEmpty();
    assertThat(c.rows.get(0).type()).isEqualTo(166);
    assertThat(c.rows.get(0).rows()).extracting(r -> r.after()[0]).containsExactly(1, 2);
    assertThat(c.rows.get(0).rows().get(1).after()[2]).isEqualTo(new BigDecimal("20.00"));
  }

  @Test
  void aRowsEventWithoutItsTableMapIsReportedWithItsOffsetAndVerificationStillPasses() {
    SyntheticBinlog b = new SyntheticBinlog();
    long at = b.position();
    byte[] file =
        b.raw(
                EventTypes.WRITE_ROWS_V2,
                RowBodies.rowsV2(77, 1, 1, null, new byte[0], b(0, 1, 0, 0, 0)))
            .bytes();
    Path path = write(dir, "m.bin", file);

    RowsCollector c = RowsCollector.read(path);

    assertThat(c.damages).isEmpty();
    assertThat(c.rows).isEmpty();
    assertThat(c.failures)
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.offset()).isEqualTo(at);
              assertThat(f.tableId()).isEqualTo(77);
              assertThat(f.reason()).contains("no TABLE_MAP for table id 77");
            });
    assertThat(BinlogTools.verdict(path).status()).isEqualTo(BinlogVerdict.Status.OK);
  }

  @Test
  void truncatedAndGarbageRowBodiesBecomeFailuresNamingOffsetAndColumn() {
    SyntheticBinlog b =
        new SyntheticBinlog()
            .raw(
                EventTypes.TABLE_MAP,
                RowBodies.tableMap(
                    9, "orders", ID_NAME_AMOUNT, ID_NAME_AMOUNT_META, b(0), new byte[0]));
    long truncatedAt = b.position();
    b.raw(
        EventTypes.WRITE_ROWS_V1, RowBodies.rowsV1(9, 3, 0b111, null, b(0, 1, 0, 0, 0, 200, 'a')));
    long wrongWidthAt = b.position();
    b.raw(EventTypes.WRITE_ROWS_V1, RowBodies.rowsV1(9, 2, 0b11, null, b(0, 1, 0, 0, 0, 0)));
    long badDecimalAt = b.position();
    b.raw(
        EventTypes.WRITE_ROWS_V1,
        RowBodies.rowsV1(9, 3, 0b111, null, b(0, 1, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0x00)));
    long noColumnsAt = b.position();
    b.raw(EventTypes.WRITE_ROWS_V1, RowBodies.rowsV1(9, 3, 0, null, b(0, 0, 0)));
    long garbageMapAt = b.position();
    b.raw(
        EventTypes.TABLE_MAP,
        RowBodies.create().u48(9).u16(1).name("shop").name("x").packed(5).raw(3, 3).bytes());
    byte[] file = b.raw(EventTypes.XID, b(1, 0, 0, 0, 0, 0, 0, 0)).bytes();
    Path path = write(dir, "g.bin", file);

    RowsCollector c = RowsCollector.read(path);

    assertThat(c.damages).isEmpty();
    assertThat(c.events).hasSize(8);
    assertThat(c.failures)
        .extracting(RowsFailure::offset)
        .containsExactly(truncatedAt, wrongWidthAt, badDecimalAt, noColumnsAt, garbageMapAt);
    assertThat(c.failures.get(0).reason())
        .contains("row 0, column 1 (VARCHAR)")
        .contains("needs 200 bytes");
    assertThat(c.failures.get(1).reason())
        .contains("event has 2 columns")
        .contains("shop.orders")
        .contains("has 3");
    assertThat(c.failures.get(2).reason()).contains("column 2 (NEWDECIMAL)");
    assertThat(c.failures.get(3).reason()).contains("selects no column");
    assertThat(c.failures.get(4).type()).isEqualTo(EventTypes.TABLE_MAP);
    assertThat(c.failures.get(4).toString())
        .contains("TABLE_MAP at offset " + garbageMapAt + " of " + path);
    assertThat(BinlogTools.verdict(path).status()).isEqualTo(BinlogVerdict.Status.OK);
  }

  @Test
  void aCorruptCompressedStreamIsAFailureNotAnException() {
    byte[] compressed = RowBodies.create().u8(0x81).u8(20).raw(1, 2, 3, 4, 5, 6, 7, 8).bytes();
    SyntheticBinlog b =
        new SyntheticBinlog()
            .raw(
                EventTypes.TABLE_MAP,
                RowBodies.tableMap(
                    4, "orders", ID_NAME_AMOUNT, ID_NAME_AMOUNT_META, b(0), new byte[0]));
    long at = b.position();
    byte[] file = b.raw(166, RowBodies.rowsV1(4, 3, 0b111, null, compressed)).bytes();

    RowsCollector c = RowsCollector.read(write(dir, "zc.bin", file));

    assertThat(c.failures)
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.offset()).isEqualTo(at);
              assertThat(f.reason()).contains("zlib");
            });
  }

  @Test
  void rowsOfDamagedEventsAreNeverDecoded() {
    byte[] clean = bytes(BinlogFixtures.CRC32);
    long firstRows = RowsCollector.read(write(dir, "c.bin", clean)).rows.get(0).offset();

    RowsCollector c =
        RowsCollector.read(
            write(dir, "d.bin", BinlogFixtures.flipped(clean, (int) firstRows + 30)));

    assertThat(c.damages).extracting(Damage::offset).containsExactly(firstRows);
    assertThat(c.rows).extracting(RowsEvent::offset).doesNotContain(firstRows);
  }

  @Test
  void everyByteOfEveryTableMapAndRowsBodyOverwrittenWithAValidCrcNeverThrows() {
    byte[] clean = bytes(BinlogFixtures.CRC32);
    List<BinlogEvent> targets =
        RowsCollector.read(write(dir, "c.bin", clean)).events.stream()
            .filter(
                e ->
                    e.header().type() == EventTypes.TABLE_MAP
                        || RowsDecoder.handles(e.header().type()))
            .toList();
    assertThat(targets).hasSize(14);
    int reads = 0;
    for (BinlogEvent target : targets) {
      int start = (int) target.header().offset();
      int end = (int) target.header().end() - 4;
      for (int at = start + EventHeader.LENGTH; at < end; at++) {
        for (int value : new int[] {0x00, 0xff}) {
          byte[] copy = clean.clone();
          copy[at] = (byte) value;
          java.util.zip.CRC32 crc = new java.util.zip.CRC32();
          crc.update(copy, start, end - start);
          java.nio.ByteBuffer.wrap(copy, end, 4)
              .order(java.nio.ByteOrder.LITTLE_ENDIAN)
              .putInt((int) crc.getValue());

          RowsCollector c = RowsCollector.read(write(dir, "f.bin", copy));

          assertThat(c.damages)
              .as("overwrite at %d", at)
              .allMatch(d -> d.kind() == Damage.Kind.BODY_INVALID);
          reads++;
        }
      }
    }
    assertThat(reads).isGreaterThan(1000);
  }

  private static byte[] zlib(byte[] plain) {
    Deflater deflater = new Deflater();
    deflater.setInput(plain);
    deflater.finish();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] buffer = new byte[256];
    while (!deflater.finished()) {
      out.write(buffer, 0, deflater.deflate(buffer));
    }
    deflater.end();
    return out.toByteArray();
  }
}
