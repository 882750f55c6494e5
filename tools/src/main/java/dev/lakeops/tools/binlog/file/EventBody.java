package dev.lakeops.tools.binlog.file;

import java.util.List;

/** What the reader decoded from an event's body: only the fields transaction tracking needs. */
public sealed interface EventBody {

  /**
   * FORMAT_DESCRIPTION: the file's binlog version, server version and checksum algorithm (0 none, 1
   * CRC32).
   */
  record FormatDescription(int binlogVersion, String serverVersion, int checksumAlg)
      implements EventBody {}

  /**
   * QUERY: BEGIN, COMMIT, DDL, or statement-format DML; {@code sql} is cut to {@link
   * EventDecoder#MAX_TEXT}.
   */
  record Query(String database, String sql) implements EventBody {
    /** The SQL of a BEGIN query, as the decoder hands it (one instance). */
    public static final String BEGIN = "BEGIN";

    /** The SQL of a COMMIT query, as the decoder hands it (one instance). */
    public static final String COMMIT = "COMMIT";
  }

  record Xid(long xid) implements EventBody {}

  record TableMap(long tableId, String database, String table) implements EventBody {
    public String qualifiedName() {
      return database + "." + table;
    }
  }

  /** A WRITE/UPDATE/DELETE_ROWS event of any version; rows are not decoded. */
  record Rows(long tableId, int flags) implements EventBody {}

  record Rotate(long position, String nextFile) implements EventBody {}

  /** MariaDB GTID: the transaction's BEGIN. The server id comes from the event header. */
  record MariadbGtid(long domainId, long serverId, long sequence, int flags2) implements EventBody {
    public static final int FL_STANDALONE = 0x01;

    public boolean standalone() {
      return (flags2 & FL_STANDALONE) != 0;
    }

    public String gtid() {
      return domainId + "-" + serverId + "-" + sequence;
    }
  }

  /** MariaDB GTID_LIST: the last GTID per domain before this file. */
  record MariadbGtidList(List<String> gtids) implements EventBody {
    public MariadbGtidList {
      gtids = List.copyOf(gtids);
    }
  }

  /**
   * MySQL GTID_LOG or ANONYMOUS_GTID_LOG; {@code gtid} is {@code uuid:gno}, or {@code ANONYMOUS}.
   */
  record MysqlGtid(String gtid, boolean anonymous) implements EventBody {}

  /** MySQL PREVIOUS_GTIDS as text, e.g. {@code uuid:1-41}. */
  record MysqlPreviousGtids(String gtidSet) implements EventBody {}

  record BinlogCheckpoint(String file) implements EventBody {}

  /**
   * MariaDB ANNOTATE_ROWS: the SQL that produced the following rows events; empty when the visitor
   * asked for no statement text ({@link BinlogVisitor#wantsStatementText()}).
   */
  record AnnotateRows(String sql) implements EventBody {
    static final AnnotateRows TEXT_NOT_READ = new AnnotateRows("");
  }

  record XaPrepare() implements EventBody {}

  /**
   * MySQL TRANSACTION_PAYLOAD: one whole transaction's events, compressed ({@link
   * TransactionPayloadDecoder}); {@code events} are their decoded bodies in order (at most {@link
   * TransactionPayloadDecoder#MAX_EVENTS}).
   *
   * @param compression 0 zstd, 255 none
   */
  record TransactionPayload(
      int compression, long payloadSize, long uncompressedSize, List<EventBody> events)
      implements EventBody {
    public TransactionPayload {
      events = List.copyOf(events);
    }
  }

  /** Any other type: checked and skipped by size. */
  record Opaque() implements EventBody {}
}
