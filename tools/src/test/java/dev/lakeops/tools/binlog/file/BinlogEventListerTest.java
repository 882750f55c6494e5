package dev.lakeops.tools.binlog.file;

import static dev.lakeops.tools.binlog.file.BinlogFixtures.CRC32;
import static dev.lakeops.tools.binlog.file.BinlogFixtures.NONE;
import static dev.lakeops.tools.binlog.file.BinlogFixtures.bytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.tools.ProbeException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code binlog events}: every event in order, with its CRC outcome, paged by --from and --limit.
 */
class BinlogEventListerTest {

  @TempDir Path dir;

  private List<ListedEvent> list(Path file, long from, int limit) {
    List<ListedEvent> events = new ArrayList<>();
    BinlogEventLister.list(file, from, limit, events::add);
    return events;
  }

  @Test
  void listsEveryEventOfACleanFileContiguouslyWithItsCrcChecked() {
    Path file = BinlogFixtures.write(dir, "mysql-bin.000002", bytes(CRC32));

    List<ListedEvent> events = list(file, 0, Integer.MAX_VALUE);

    assertThat(events).hasSize(44);
    assertThat(events.get(0).offset()).isEqualTo(4);
    assertThat(events.get(0).type()).isEqualTo("FORMAT_DESCRIPTION");
    for (int i = 1; i < events.size(); i++) {
      assertThat(events.get(i).offset()).as("event %d", i).isEqualTo(events.get(i - 1).end());
      assertThat(events.get(i).logPos()).isEqualTo(events.get(i).end());
    }
    assertThat(events.get(events.size() - 1).end()).isEqualTo(2970);
    assertThat(events).extracting(ListedEvent::crc).containsOnly(ListedEvent.Crc.OK);
    assertThat(events).extracting(ListedEvent::serverId).containsOnly(1L);
    assertThat(events).allSatisfy(e -> assertThat(e.timestamp()).isGreaterThan(1_700_000_000L));
  }

  @Test
  void describesGtidTableMapRowsAndXidEvents() {
    Path file = BinlogFixtures.write(dir, "mysql-bin.000002", bytes(CRC32));

    List<ListedEvent> events = list(file, 1776, 6);

    assertThat(events).extracting(ListedEvent::offset).startsWith(1776L);
    assertThat(events.get(0).info()).isEqualTo("GTID 0-1-6 BEGIN");
    ListedEvent map = events.stream().filter(e -> e.offset() == 1905).findFirst().orElseThrow();
    assertThat(map.type()).isEqualTo("TABLE_MAP");
    assertThat(map.info()).endsWith("shop.orders");
    ListedEvent rows = events.stream().filter(e -> e.offset() == 1961).findFirst().orElseThrow();
    assertThat(rows.type()).isEqualTo("UPDATE_ROWS_V1");
    assertThat(rows.info()).contains("shop.orders", "STMT_END");
    ListedEvent xid = events.stream().filter(e -> e.offset() == 2037).findFirst().orElseThrow();
    assertThat(xid.info()).startsWith("COMMIT xid=");
  }

  @Test
  void pagesWithFromAndLimit() {
    Path file = BinlogFixtures.write(dir, "mysql-bin.000002", bytes(CRC32));
    List<ListedEvent> all = list(file, 0, 100);

    List<ListedEvent> page = new ArrayList<>();
    BinlogEventLister.Summary summary = BinlogEventLister.list(file, 981, 3, page::add);

    assertThat(page)
        .extracting(ListedEvent::offset)
        .containsExactly(
            981L, all.get(indexOf(all, 981) + 1).offset(), all.get(indexOf(all, 981) + 2).offset());
    assertThat(summary.limitReached()).isTrue();
    assertThat(summary.listed()).isEqualTo(3);
    assertThat(summary.nextOffset()).isEqualTo(page.get(2).end());
    assertThat(list(file, summary.nextOffset(), 1).get(0).offset()).isEqualTo(summary.nextOffset());
  }

  @Test
  void startsAtTheFirstEventAfterAnOffsetInsideAnEvent() {
    Path file = BinlogFixtures.write(dir, "mysql-bin.000002", bytes(CRC32));

    List<ListedEvent> events = list(file, 1000, 1);

    assertThat(events.get(0).offset()).isGreaterThan(1000);
    assertThat(list(file, 0, 100)).extracting(ListedEvent::offset).contains(events.get(0).offset());
  }

  @Test
  void anEmptyPageWhenFromIsPastTheEnd() {
    Path file = BinlogFixtures.write(dir, "mysql-bin.000002", bytes(CRC32));

    List<ListedEvent> page = new ArrayList<>();
    BinlogEventLister.Summary summary = BinlogEventLister.list(file, 1_000_000, 10, page::add);

    assertThat(page).isEmpty();
    assertThat(summary.limitReached()).isFalse();
  }

  @Test
  void marksTheDamagedEventAndContinuesAtTheResyncOffset() {
    Path file = BinlogFixtures.write(dir, "bad.000002", BinlogFixtures.flipped(bytes(CRC32), 1990));

    List<ListedEvent> events = list(file, 1900, 4);

    ListedEvent bad = events.get(1);
    assertThat(bad.offset()).isEqualTo(1961);
    assertThat(bad.type()).isEqualTo("UPDATE_ROWS_V1");
    assertThat(bad.crc()).isEqualTo(ListedEvent.Crc.MISMATCH);
    assertThat(bad.damage()).contains("stored CRC32");
    assertThat(bad.size()).isEqualTo(76);
    assertThat(bad.serverId()).isEqualTo(1);
    assertThat(events.get(2).offset()).isEqualTo(2037);
    assertThat(events.get(2).crc()).isEqualTo(ListedEvent.Crc.OK);
  }

  @Test
  void listsATruncatedTailAsDamageWithNoHeaderLeft() {
    Path file = BinlogFixtures.write(dir, "cut.000002", Arrays.copyOf(bytes(CRC32), 2930));

    List<ListedEvent> events = list(file, 2900, 10);

    ListedEvent last = events.get(events.size() - 1);
    assertThat(last.offset()).isEqualTo(2923);
    assertThat(last.damage()).contains("7 bytes into an event header");
    assertThat(last.size()).isEqualTo(-1);
    assertThat(last.crc()).isEqualTo(ListedEvent.Crc.NOT_CHECKED);
  }

  @Test
  void listsAnEventCutMidBodyWithTheSizeItsHeaderClaims() {
    Path file = BinlogFixtures.write(dir, "cut.000002", Arrays.copyOf(bytes(CRC32), 2950));

    List<ListedEvent> events = list(file, 2900, 10);

    ListedEvent last = events.get(events.size() - 1);
    assertThat(last.offset()).isEqualTo(2923);
    assertThat(last.type()).isEqualTo("ROTATE");
    assertThat(last.size()).isEqualTo(47);
    assertThat(last.damage()).contains("runs past the end of the file");
  }

  @Test
  void reportsNoChecksumForAFileWrittenWithout() {
    Path file = BinlogFixtures.write(dir, "mysql-bin.000004", bytes(NONE));

    List<ListedEvent> events = list(file, 0, 100);

    assertThat(events).hasSize(20);
    assertThat(events.get(0).crc()).isEqualTo(ListedEvent.Crc.OK);
    assertThat(events.subList(1, 20))
        .extracting(ListedEvent::crc)
        .containsOnly(ListedEvent.Crc.NONE);
  }

  @Test
  void aFileThatIsNotABinlogIsOneDamageLine() {
    Path file = BinlogFixtures.write(dir, "notes.txt", "hello, not a binlog".getBytes());

    List<ListedEvent> events = list(file, 0, 10);

    assertThat(events)
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.offset()).isZero();
              assertThat(e.damage()).contains("magic");
            });
  }

  @Test
  void rejectsBadArgumentsAndMissingFilesByName() {
    Path file = BinlogFixtures.write(dir, "mysql-bin.000002", bytes(CRC32));

    assertThatThrownBy(() -> list(file, -1, 10))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("-1");
    assertThatThrownBy(() -> list(file, 0, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--limit 0");
    assertThatThrownBy(() -> list(dir.resolve("nope.000001"), 0, 10))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("nope.000001");
  }

  private static int indexOf(List<ListedEvent> events, long offset) {
    for (int i = 0; i < events.size(); i++) {
      if (events.get(i).offset() == offset) {
        return i;
      }
    }
    throw new AssertionError("no event at " + offset);
  }
}
