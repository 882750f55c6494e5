package dev.lakeops.tools.binlog.file;

import static dev.lakeops.tools.binlog.file.BinlogFixtures.bytes;
import static dev.lakeops.tools.binlog.file.BinlogFixtures.write;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.shyiko.mysql.binlog.BinaryLogFileReader;
import com.github.shyiko.mysql.binlog.event.DeleteRowsEventData;
import com.github.shyiko.mysql.binlog.event.Event;
import com.github.shyiko.mysql.binlog.event.EventData;
import com.github.shyiko.mysql.binlog.event.EventHeaderV4;
import com.github.shyiko.mysql.binlog.event.EventType;
import com.github.shyiko.mysql.binlog.event.MariadbGtidEventData;
import com.github.shyiko.mysql.binlog.event.UpdateRowsEventData;
import com.github.shyiko.mysql.binlog.event.WriteRowsEventData;
import com.github.shyiko.mysql.binlog.event.deserialization.EventDeserializer;
import com.github.shyiko.mysql.binlog.event.deserialization.EventDeserializer.CompatibilityMode;
import java.io.IOException;
import java.io.Serializable;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * mysql-binlog-connector-java 0.30.1 (the parser under Debezium and Flink CDC) as an oracle on the
 * recorded MariaDB files: both readers see the same events at the same positions, the same GTIDs
 * and the same row values.
 *
 * <p>The library's representation is made comparable with {@code DATE_AND_TIME_AS_LONG_MICRO}
 * (DATE/DATETIME/TIMESTAMP/TIME as microseconds, wall-clock values read as UTC), {@code
 * INVALID_DATE_AND_TIME_AS_NEGATIVE_ONE} (zero dates as -1) and {@code
 * CHAR_AND_BINARY_AS_BYTE_ARRAY} (strings as bytes). Its quirks, handled here: row arrays hold only
 * the columns present in the image; BIT is a {@link BitSet}; YEAR 0 reads as 1900; the MariaDB GTID
 * server id is not read from the event header (binlog.md §13), so only domain and sequence are
 * compared.
 */
class BinlogConnectorOracleTest {

  /** Values where mysql-binlog-connector-java 0.30.1 departs from MySQL's own decoding, and how. */
  private static final Map<String, String> LIBRARY_DIFFERS =
      Map.of(
          "YEAR 0000", "the library adds 1900 to the stored 0 and reads YEAR 0000 as 1900",
          "TIME -12:34:56",
              "the library reads the old 3-byte TIME unsigned, so a negative TIME comes out as a"
                  + " large positive one",
          "TIME2(1) -00:00:01.5",
              "the library ignores the sign of TIME2 (MySQL my_time_packed_from_binary)");

  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(strings = {BinlogFixtures.CRC32, BinlogFixtures.NONE})
  void bothReadersSeeTheSameEventsGtidsAndRowValues(String fixture) throws IOException {
    Path file = write(dir, fixture, bytes(fixture));

    RowsCollector ours = RowsCollector.read(file);
    Theirs theirs = Theirs.read(file);

    assertThat(ours.damages).isEmpty();
    assertThat(ours.failures).isEmpty();
    assertThat(ours.events)
        .extracting(BinlogConnectorOracleTest::position)
        .containsExactlyElementsOf(theirs.positions);
    assertThat(ours.events)
        .extracting(e -> e.body())
        .filteredOn(EventBody.MariadbGtid.class::isInstance)
        .extracting(g -> domainAndSequence((EventBody.MariadbGtid) g))
        .isNotEmpty()
        .containsExactlyElementsOf(theirs.gtids);
    assertThat(ours.rows)
        .extracting(BinlogConnectorOracleTest::rowsText)
        .isNotEmpty()
        .containsExactlyElementsOf(theirs.rows);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("dev.lakeops.tools.binlog.file.BinlogRowValuesTest#values")
  void bothReadersDecodeEachColumnTypeAlike(
      String name, int type, byte[] meta, byte[] value, Object expected) throws IOException {
    byte[] row = RowBodies.create().u8(0).raw(value).bytes();
    Path file =
        write(
            dir,
            "type.bin",
            new SyntheticBinlog()
                .raw(
                    EventTypes.TABLE_MAP,
                    RowBodies.tableMap(5, "t", new int[] {type}, meta, new byte[] {1}, new byte[0]))
                .raw(EventTypes.WRITE_ROWS_V2, RowBodies.rowsV2(5, 1, 0x01, null, new byte[0], row))
                .bytes());

    RowsCollector ours = RowsCollector.read(file);
    Theirs theirs = Theirs.read(file);

    if (LIBRARY_DIFFERS.containsKey(name)) {
      // Our value is checked against the documented layout in BinlogRowValuesTest; the library's is
      // wrong here.
      assertThat(ours.rows)
          .extracting(BinlogConnectorOracleTest::rowsText)
          .as(LIBRARY_DIFFERS.get(name))
          .doesNotContainAnyElementsOf(theirs.rows);
    } else {
      assertThat(ours.rows)
          .extracting(BinlogConnectorOracleTest::rowsText)
          .containsExactlyElementsOf(theirs.rows);
    }
  }

  private static String position(BinlogEvent e) {
    EventHeader h = e.header();
    return h.offset() + ".." + h.logPos() + " " + EventType.byEventNumber(h.type());
  }

  private static String domainAndSequence(EventBody.MariadbGtid g) {
    return g.domainId() + "-" + g.sequence();
  }

  /** One line per rows event: table id, kind, then each row's present values in comparable form. */
  private static String rowsText(RowsEvent e) {
    List<String> rows = new ArrayList<>();
    for (RowsEvent.Row row : e.rows()) {
      String before = row.before() == null ? "" : image(row.before(), e.columns());
      String after =
          row.after() == null
              ? ""
              : image(
                  row.after(), e.kind() == RowsEvent.Kind.UPDATE ? e.columnsAfter() : e.columns());
      rows.add(before + "->" + after);
    }
    return e.tableId() + " " + e.kind() + " " + rows;
  }

  private static String image(Object[] row, BitSet present) {
    List<String> values = new ArrayList<>();
    for (int c = present.nextSetBit(0); c >= 0; c = present.nextSetBit(c + 1)) {
      values.add(ours(row[c]));
    }
    return values.toString();
  }

  /**
   * Temporal values as the library's {@code DATE_AND_TIME_AS_LONG_MICRO} gives them: a Long of
   * microseconds.
   */
  private static String ours(Object v) {
    if (v instanceof Instant i) {
      return "Long:" + (i.getEpochSecond() * 1_000_000L + i.getNano() / 1000);
    }
    if (v instanceof TemporalValue.DateTime d) {
      return d.toLocalDateTime() == null
          ? "Long:-1"
          : "Long:" + (d.toLocalDateTime().toEpochSecond(ZoneOffset.UTC) * 1_000_000L + d.micros());
    }
    if (v instanceof TemporalValue.Date d) {
      return d.toLocalDate() == null
          ? "Long:-1"
          : "Long:" + d.toLocalDate().atStartOfDay().toEpochSecond(ZoneOffset.UTC) * 1_000_000L;
    }
    if (v instanceof TemporalValue.Time t) {
      return "Long:" + t.toMicros();
    }
    return common(v);
  }

  private static String theirs(Serializable v) {
    if (v instanceof BitSet bits) {
      long[] words = bits.toLongArray();
      return common(words.length == 0 ? 0L : words[0]);
    }
    return common(v);
  }

  private static String common(Object v) {
    if (v == null) {
      return "NULL";
    }
    if (v instanceof byte[] b) {
      return "0x" + HexFormat.of().formatHex(b);
    }
    if (v instanceof BigDecimal d) {
      return "dec:" + d.toPlainString();
    }
    return v.getClass().getSimpleName() + ":" + v;
  }

  /** What mysql-binlog-connector-java reads from the same file. */
  private static final class Theirs {
    final List<String> positions = new ArrayList<>();
    final List<String> gtids = new ArrayList<>();
    final List<String> rows = new ArrayList<>();

    static Theirs read(Path file) throws IOException {
      EventDeserializer deserializer = new EventDeserializer();
      deserializer.setCompatibilityMode(
          CompatibilityMode.DATE_AND_TIME_AS_LONG_MICRO,
          CompatibilityMode.CHAR_AND_BINARY_AS_BYTE_ARRAY,
          CompatibilityMode.INVALID_DATE_AND_TIME_AS_NEGATIVE_ONE);
      Theirs t = new Theirs();
      try (BinaryLogFileReader reader = new BinaryLogFileReader(file.toFile(), deserializer)) {
        for (Event e = reader.readEvent(); e != null; e = reader.readEvent()) {
          t.add(e);
        }
      }
      return t;
    }

    private void add(Event e) {
      EventHeaderV4 h = e.getHeader();
      positions.add(h.getPosition() + ".." + h.getNextPosition() + " " + h.getEventType());
      EventData data = e.getData();
      if (data instanceof MariadbGtidEventData g) {
        gtids.add(g.getDomainId() + "-" + g.getSequence());
      } else if (data instanceof WriteRowsEventData w) {
        rows.add(
            w.getTableId() + " WRITE " + w.getRows().stream().map(r -> "->" + image(r)).toList());
      } else if (data instanceof DeleteRowsEventData d) {
        rows.add(
            d.getTableId() + " DELETE " + d.getRows().stream().map(r -> image(r) + "->").toList());
      } else if (data instanceof UpdateRowsEventData u) {
        rows.add(u.getTableId() + " UPDATE " + u.getRows().stream().map(Theirs::update).toList());
      }
    }

    private static String update(Map.Entry<Serializable[], Serializable[]> row) {
      return image(row.getKey()) + "->" + image(row.getValue());
    }

    private static String image(Serializable[] row) {
      List<String> values = new ArrayList<>();
      for (Serializable v : row) {
        values.add(theirs(v));
      }
      return values.toString();
    }
  }
}
