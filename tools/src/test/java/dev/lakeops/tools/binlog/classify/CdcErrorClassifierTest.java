package dev.lakeops.tools.binlog.classify;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Real error texts (test resources binlog/errors/) map to their category with the coordinates
 * parsed out.
 */
class CdcErrorClassifierTest {

  private static CdcErrorClassification classify(String resource) {
    try (InputStream in =
        CdcErrorClassifierTest.class.getResourceAsStream("/binlog/errors/" + resource)) {
      if (in == null) {
        throw new IllegalStateException("missing test resource binlog/errors/" + resource);
      }
      return CdcErrorClassifier.classify(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void eventHeaderV4WithEofIsADeserializationFailureWithTheEventStart() {
    CdcErrorClassification c = classify("event-header-v4-eof.txt");

    assertThat(c.category()).isEqualTo(CdcErrorCategory.EVENT_DESERIALIZATION);
    PastedEventHeader h = c.header();
    assertThat(h)
        .isEqualTo(
            new PastedEventHeader(
                1701164723000L, "UPDATE_ROWS", 179003860L, 19, 4255, 427381925L, 0));
    assertThat(h.eventStart()).isEqualTo(427381925L - 19 - 4255);
    assertThat(c.serverId()).isEqualTo(179003860L);
    assertThat(c.position()).isEqualTo(427377651L);
    assertThat(c.rootCause()).isEqualTo("EOFException");
    assertThat(c.nextSteps()).anySatisfy(s -> assertThat(s).contains("starts at offset 427377651"));
  }

  @Test
  void missingTableMapWinsOverItsEventHeaderWrapperAndKeepsTheStoredOffset() {
    CdcErrorClassification c = classify("missing-table-map.txt");

    assertThat(c.category()).isEqualTo(CdcErrorCategory.MISSING_TABLE_MAP);
    assertThat(c.alsoMatched()).contains(CdcErrorCategory.EVENT_DESERIALIZATION);
    assertThat(c.tableId()).isEqualTo(18370679L);
    assertThat(c.file()).isEqualTo("mysql-bin.000119");
    assertThat(c.position()).isEqualTo(961300113L);
    assertThat(c.skipEvents()).isEqualTo(2L);
    assertThat(c.header().eventType()).isEqualTo("EXT_WRITE_ROWS");
    assertThat(c.header().eventStart()).isEqualTo(961381653L - 19 - 8135);
    assertThat(c.rootCause()).isEqualTo("MissingTableMapEventException");
  }

  @Test
  void truncatedBinlogPointsAtTheRequestedEvent() {
    CdcErrorClassification c = classify("binlog-truncated.txt");

    assertThat(c.category()).isEqualTo(CdcErrorCategory.BINLOG_TRUNCATED);
    assertThat(c.errorCode()).isEqualTo(1236);
    assertThat(c.sqlState()).isEqualTo("HY000");
    assertThat(c.file()).isEqualTo("mysql-bin.000032");
    assertThat(c.position()).isEqualTo(93461075L);
    assertThat(c.lastEventPosition()).isEqualTo(123L);
    assertThat(c.lastBytePosition()).isEqualTo(93461094L);
  }

  @Test
  void bogusDataNamesFileAndPosition() {
    CdcErrorClassification c = classify("bogus-data.txt");

    assertThat(c.category()).isEqualTo(CdcErrorCategory.BOGUS_DATA);
    assertThat(c.errorCode()).isEqualTo(1236);
    assertThat(c.file()).isEqualTo("mysql-bin.000001");
    assertThat(c.position()).isEqualTo(1000L);
    assertThat(c.lastBytePosition()).isEqualTo(1019L);
    assertThat(c.nextSteps())
        .anySatisfy(s -> assertThat(s).contains("binlog events mysql-bin.000001 --from 1000"));
  }

  @Test
  void firstLogFileNotFound() {
    CdcErrorClassification c = classify("first-log-file-not-found.txt");

    assertThat(c.category()).isEqualTo(CdcErrorCategory.FIRST_LOG_FILE_NOT_FOUND);
    assertThat(c.errorCode()).isEqualTo(1236);
    assertThat(c.sqlState()).isEqualTo("HY000");
  }

  @Test
  void impossiblePositionKeepsTheRequestedOffset() {
    CdcErrorClassification c = classify("impossible-position.txt");

    assertThat(c.category()).isEqualTo(CdcErrorCategory.IMPOSSIBLE_POSITION);
    assertThat(c.file()).isEqualTo("mysql-bin.000001");
    assertThat(c.position()).isEqualTo(999999L);
  }

  @Test
  void impossiblePositionWithoutAFileNameLeavesTheFileUnknown() {
    CdcErrorClassification c = classify("impossible-position-no-file.txt");

    assertThat(c.category()).isEqualTo(CdcErrorCategory.IMPOSSIBLE_POSITION);
    assertThat(c.file()).isNull();
    assertThat(c.position()).isEqualTo(1054251423L);
  }

  @Test
  void gtidsPurgedOnMysql57AndMysql8() {
    CdcErrorClassification old = classify("gtid-purged-mysql57.txt");
    CdcErrorClassification current = classify("gtid-purged-mysql8.txt");

    assertThat(old.category()).isEqualTo(CdcErrorCategory.GTID_PURGED);
    assertThat(old.errorCode()).isEqualTo(1236);
    assertThat(current.category()).isEqualTo(CdcErrorCategory.GTID_PURGED);
    assertThat(current.gtidSet()).isEqualTo("3e11fa47-71ca-11e1-9e33-c80aa9429562:1-41");
    assertThat(current.missingGtids()).isEqualTo("3e11fa47-71ca-11e1-9e33-c80aa9429562:30-41");
  }

  @Test
  void mariadbGtidNotInBinlogAndGtidStatePurged() {
    CdcErrorClassification ahead = classify("gtid-not-in-binlog-mariadb.txt");
    CdcErrorClassification purged = classify("gtid-state-purged-mariadb.txt");

    assertThat(ahead.category()).isEqualTo(CdcErrorCategory.GTID_NOT_IN_BINLOG);
    assertThat(ahead.gtid()).isEqualTo("0-10-848902");
    assertThat(ahead.errorCode()).isEqualTo(1236);
    assertThat(ahead.nextSteps()).anySatisfy(s -> assertThat(s).contains("0-10-848902"));
    assertThat(purged.category()).isEqualTo(CdcErrorCategory.GTID_PURGED);
  }

  @Test
  void checksumFailureFromTheServerPointsAtTheBadEvent() {
    CdcErrorClassification c = classify("crc-check-server.txt");

    assertThat(c.category()).isEqualTo(CdcErrorCategory.CHECKSUM_FAILURE);
    assertThat(c.file()).isEqualTo("mysql-bin.000001");
    assertThat(c.position()).isEqualTo(1004L);
    assertThat(c.lastBytePosition()).isEqualTo(1104L);
    assertThat(classify("crc-check-mariadb-binlog.txt").category())
        .isEqualTo(CdcErrorCategory.CHECKSUM_FAILURE);
  }

  @Test
  void checksumFailureInALiveDebeziumTaskTraceNamesTheFileNotTheEmptyFirstEvent() {
    // Debezium 3.5 in Kafka Connect 4.4 against MariaDB 10.11: the server names the first event
    // '.' at 0 (a GTID start) and the damaged file as the last one read
    CdcErrorClassification c = classify("connect-task-crc-check-failed.txt");

    assertThat(c.category()).isEqualTo(CdcErrorCategory.CHECKSUM_FAILURE);
    assertThat(c.file()).isEqualTo("mysql-bin.000001");
    assertThat(c.position()).isEqualTo(2083L);
  }

  @Test
  void offsetNoLongerAvailableInDebeziumAndFlinkCdcForms() {
    CdcErrorClassification debezium = classify("no-longer-available-debezium.txt");
    CdcErrorClassification flink = classify("no-longer-available-flink-cdc.txt");

    assertThat(debezium.category()).isEqualTo(CdcErrorCategory.OFFSET_NO_LONGER_AVAILABLE);
    assertThat(debezium.file()).isEqualTo("mysql-bin.000492");
    assertThat(debezium.position()).isEqualTo(976732L);
    assertThat(debezium.skipEvents()).isEqualTo(2L);
    assertThat(debezium.skipRows()).isEqualTo(1L);
    assertThat(flink.category()).isEqualTo(CdcErrorCategory.OFFSET_NO_LONGER_AVAILABLE);
    assertThat(flink.file()).isEqualTo("mysql-bin.010937");
    assertThat(flink.position()).isEqualTo(432041283L);
    assertThat(flink.skipRows()).isZero();
  }

  @Test
  void connectionResetWinsOverTheEventHeaderItInterrupted() {
    CdcErrorClassification c = classify("connection-reset.txt");

    assertThat(c.category()).isEqualTo(CdcErrorCategory.CONNECTION_RESET);
    assertThat(c.alsoMatched()).containsExactly(CdcErrorCategory.EVENT_DESERIALIZATION);
    assertThat(c.header().serverId()).isEqualTo(21150363L);
    assertThat(c.rootCause()).isEqualTo("SocketException");
  }

  @Test
  void duplicateServerId() {
    CdcErrorClassification c = classify("duplicate-server-id.txt");

    assertThat(c.category()).isEqualTo(CdcErrorCategory.DUPLICATE_SERVER_ID);
    assertThat(c.errorCode()).isEqualTo(1236);
    assertThat(c.file()).isEqualTo("mysql-bin.000255");
    assertThat(c.position()).isEqualTo(61870834L);
    assertThat(c.nextSteps()).anySatisfy(s -> assertThat(s).contains("server-id"));
  }

  @Test
  void statementFormatWithTheDmlText() {
    CdcErrorClassification received = classify("statement-format-received-dml.txt");
    CdcErrorClassification config = classify("row-format-required.txt");

    assertThat(received.category()).isEqualTo(CdcErrorCategory.STATEMENT_FORMAT);
    assertThat(received.statement())
        .isEqualTo(
            "DELETE FROM _cdbcksum__329_124080501_1648309680.checksums WHERE db = 'xx' AND tbl ="
                + " 'a'");
    assertThat(config.category()).isEqualTo(CdcErrorCategory.STATEMENT_FORMAT);
  }

  @Test
  void packetTooLarge() {
    CdcErrorClassification c = classify("packet-too-large.txt");

    assertThat(c.category()).isEqualTo(CdcErrorCategory.PACKET_TOO_LARGE);
    assertThat(c.file()).isEqualTo("mysql-bin.021114");
    assertThat(c.position()).isEqualTo(2147481564L);
  }

  @Test
  void unknownTextSaysWhatWasReadAndWhatToPaste() {
    CdcErrorClassification c =
        CdcErrorClassifier.classify("java.lang.OutOfMemoryError: Java heap space");

    assertThat(c.category()).isEqualTo(CdcErrorCategory.UNKNOWN);
    assertThat(c.summary()).contains("No known", "Caused by");
    assertThat(c.signature()).isNull();
    assertThat(c.nextSteps()).isNotEmpty();
  }

  @Test
  void emptyAndNullTextAreUnknownNotErrors() {
    assertThat(CdcErrorClassifier.classify(null).category()).isEqualTo(CdcErrorCategory.UNKNOWN);
    assertThat(CdcErrorClassifier.classify("  ").summary()).contains("empty");
  }

  @Test
  void matchesServerWordingCaseInsensitively() {
    CdcErrorClassification c = CdcErrorClassifier.classify("BOGUS DATA IN LOG EVENT");

    assertThat(c.category()).isEqualTo(CdcErrorCategory.BOGUS_DATA);
    assertThat(c.signature()).isEqualTo("BOGUS DATA IN LOG EVENT");
  }

  @Test
  void randomTextNeverThrows() {
    Random random = new Random(20261130L);
    String alphabet =
        "EventHeaderV4{timestamp=,eventType"
            + " serverId=headerLength=dataLength=nextPosition=flags=}0123456789 '\n"
            + "./-:the first event at Error code: ; SQLSTATE HY000 Caused by:"
            + " file=pos=gtids=\u0000\uffff\ud800";
    for (int round = 0; round < 2000; round++) {
      StringBuilder text = new StringBuilder();
      int length = random.nextInt(400);
      for (int i = 0; i < length; i++) {
        text.append(
            random.nextInt(4) == 0
                ? (char) random.nextInt(0x10000)
                : alphabet.charAt(random.nextInt(alphabet.length())));
      }
      CdcErrorClassification c = CdcErrorClassifier.classify(text.toString());
      assertThat(c.category()).isNotNull();
      assertThat(c.nextSteps()).isNotEmpty();
    }
  }

  @Test
  void mutatedRealTextsNeverThrow() {
    Random random = new Random(7L);
    String base =
        "Failed to deserialize data of EventHeaderV4{timestamp=99999999999999999999, eventType=X,"
            + " serverId=1, headerLength=19, dataLength=99999999999999999999, nextPosition=1,"
            + " flags=0} the first event '' at 4, the last event read from '' at"
            + " 99999999999999999999, the last byte read from '' at 5. Error code: 99999; SQLSTATE:"
            + " HY000. Last offset stored = {file=, pos=} Received DML '";
    for (int round = 0; round < 2000; round++) {
      char[] chars = base.toCharArray();
      for (int i = 0; i < 1 + random.nextInt(6); i++) {
        chars[random.nextInt(chars.length)] = (char) random.nextInt(128);
      }
      CdcErrorClassification c =
          CdcErrorClassifier.classify(new String(chars, 0, random.nextInt(chars.length + 1)));
      assertThat(c.summary()).isNotBlank();
    }
  }

  @Test
  void aHugeTextIsReadInBoundedTime() {
    String huge = "x".repeat(5_000_000) + " bogus data in log event";

    CdcErrorClassification c = CdcErrorClassifier.classify(huge);

    assertThat(c.category()).isEqualTo(CdcErrorCategory.BOGUS_DATA);
  }
}
