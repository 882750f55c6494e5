package dev.lakeops.tools.binlog.classify;

/** What a pasted MySQL/MariaDB binlog or CDC-connector error means (binlog.md §9, §10). */
public enum CdcErrorCategory {
  /**
   * The client library could not decode an event ({@code Failed to deserialize data of
   * EventHeaderV4}).
   */
  EVENT_DESERIALIZATION,
  /** A rows event arrived with no TABLE_MAP before it: the reader started inside a transaction. */
  MISSING_TABLE_MAP,
  /**
   * Error 1236: the server found a binlog that ends inside an event (classic after a full disk).
   */
  BINLOG_TRUNCATED,
  /**
   * Error 1236: the start position is not an event boundary, or the bytes there are not an event.
   */
  BOGUS_DATA,
  /** CRC32 of an event did not match ({@code master_verify_checksum=ON}, or a replica's check). */
  CHECKSUM_FAILURE,
  /** Error 1236: the requested binlog file is not in the server's index (purged or misnamed). */
  FIRST_LOG_FILE_NOT_FOUND,
  /** Error 1236: the requested position is beyond the end of the file. */
  IMPOSSIBLE_POSITION,
  /** The GTIDs the reader still needs were purged from the server's binlogs. */
  GTID_PURGED,
  /**
   * MariaDB: the requested GTID is not in the server's binlog (ahead of it, or after RESET MASTER).
   */
  GTID_NOT_IN_BINLOG,
  /**
   * Debezium/Flink CDC checked the stored offset before streaming and the server no longer has it.
   */
  OFFSET_NO_LONGER_AVAILABLE,
  /** An event is larger than {@code max_allowed_packet}. */
  PACKET_TOO_LARGE,
  /** The connection dropped (network, server restart, idle timeout, or a backpressured job). */
  CONNECTION_RESET,
  /** Two binlog readers registered with the same {@code server_id}. */
  DUPLICATE_SERVER_ID,
  /** {@code binlog_format} is STATEMENT or MIXED: CDC cannot see those rows. */
  STATEMENT_FORMAT,
  /** {@code binlog_row_image} is not FULL. */
  ROW_IMAGE_NOT_FULL,
  /** A change event for a table whose schema the connector does not know (schema history gap). */
  SCHEMA_UNKNOWN,
  /** No known signature matched. */
  UNKNOWN
}
