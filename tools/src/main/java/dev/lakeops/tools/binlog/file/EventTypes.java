package dev.lakeops.tools.binlog.file;

import java.util.Map;

/** Binlog v4 event type codes this package knows by name (MySQL and MariaDB); see binlog.md §4. */
public final class EventTypes {

  public static final int QUERY = 2;
  public static final int ROTATE = 4;
  public static final int INTVAR = 5;
  public static final int FORMAT_DESCRIPTION = 15;
  public static final int XID = 16;
  public static final int TABLE_MAP = 19;
  public static final int WRITE_ROWS_V1 = 23;
  public static final int UPDATE_ROWS_V1 = 24;
  public static final int DELETE_ROWS_V1 = 25;
  public static final int WRITE_ROWS_V2 = 30;
  public static final int UPDATE_ROWS_V2 = 31;
  public static final int DELETE_ROWS_V2 = 32;
  public static final int MYSQL_GTID = 33;
  public static final int MYSQL_ANONYMOUS_GTID = 34;
  public static final int MYSQL_PREVIOUS_GTIDS = 35;
  public static final int XA_PREPARE = 38;
  public static final int PARTIAL_UPDATE_ROWS = 39;
  public static final int TRANSACTION_PAYLOAD = 40;
  public static final int MARIADB_ANNOTATE_ROWS = 160;
  public static final int MARIADB_BINLOG_CHECKPOINT = 161;
  public static final int MARIADB_GTID = 162;
  public static final int MARIADB_GTID_LIST = 163;
  public static final int MARIADB_START_ENCRYPTION = 164;

  private static final Map<Integer, String> NAMES =
      Map.ofEntries(
          Map.entry(1, "START_V3"),
          Map.entry(QUERY, "QUERY"),
          Map.entry(3, "STOP"),
          Map.entry(ROTATE, "ROTATE"),
          Map.entry(INTVAR, "INTVAR"),
          Map.entry(13, "RAND"),
          Map.entry(14, "USER_VAR"),
          Map.entry(FORMAT_DESCRIPTION, "FORMAT_DESCRIPTION"),
          Map.entry(XID, "XID"),
          Map.entry(17, "BEGIN_LOAD_QUERY"),
          Map.entry(18, "EXECUTE_LOAD_QUERY"),
          Map.entry(TABLE_MAP, "TABLE_MAP"),
          Map.entry(21, "INCIDENT"),
          Map.entry(WRITE_ROWS_V1, "WRITE_ROWS_V1"),
          Map.entry(UPDATE_ROWS_V1, "UPDATE_ROWS_V1"),
          Map.entry(DELETE_ROWS_V1, "DELETE_ROWS_V1"),
          Map.entry(26, "HEARTBEAT"),
          Map.entry(27, "HEARTBEAT"),
          Map.entry(28, "IGNORABLE"),
          Map.entry(29, "ROWS_QUERY"),
          Map.entry(WRITE_ROWS_V2, "WRITE_ROWS_V2"),
          Map.entry(UPDATE_ROWS_V2, "UPDATE_ROWS_V2"),
          Map.entry(DELETE_ROWS_V2, "DELETE_ROWS_V2"),
          Map.entry(MYSQL_GTID, "GTID(mysql)"),
          Map.entry(MYSQL_ANONYMOUS_GTID, "ANONYMOUS_GTID(mysql)"),
          Map.entry(MYSQL_PREVIOUS_GTIDS, "PREVIOUS_GTIDS(mysql)"),
          Map.entry(36, "TRANSACTION_CONTEXT"),
          Map.entry(37, "VIEW_CHANGE"),
          Map.entry(XA_PREPARE, "XA_PREPARE"),
          Map.entry(PARTIAL_UPDATE_ROWS, "PARTIAL_UPDATE_ROWS"),
          Map.entry(TRANSACTION_PAYLOAD, "TRANSACTION_PAYLOAD"),
          Map.entry(41, "HEARTBEAT_V2"),
          Map.entry(42, "GTID_TAGGED_LOG"),
          Map.entry(MARIADB_ANNOTATE_ROWS, "ANNOTATE_ROWS(mariadb)"),
          Map.entry(MARIADB_BINLOG_CHECKPOINT, "BINLOG_CHECKPOINT(mariadb)"),
          Map.entry(MARIADB_GTID, "GTID(mariadb)"),
          Map.entry(MARIADB_GTID_LIST, "GTID_LIST(mariadb)"),
          Map.entry(MARIADB_START_ENCRYPTION, "START_ENCRYPTION(mariadb)"),
          // MariaDB log_event.h: the V1 (no extra-data header) compressed rows events come first
          Map.entry(165, "QUERY_COMPRESSED(mariadb)"),
          Map.entry(166, "WRITE_ROWS_COMPRESSED_V1(mariadb)"),
          Map.entry(167, "UPDATE_ROWS_COMPRESSED_V1(mariadb)"),
          Map.entry(168, "DELETE_ROWS_COMPRESSED_V1(mariadb)"),
          Map.entry(169, "WRITE_ROWS_COMPRESSED(mariadb)"),
          Map.entry(170, "UPDATE_ROWS_COMPRESSED(mariadb)"),
          Map.entry(171, "DELETE_ROWS_COMPRESSED(mariadb)"));

  private EventTypes() {}

  /** The type's name, or {@code UNKNOWN(n)}. */
  public static String name(int type) {
    String name = NAMES.get(type);
    return name != null ? name : "UNKNOWN(" + type + ")";
  }

  /** Whether a server writes this type; the resync scan uses it to reject random bytes. */
  public static boolean isKnown(int type) {
    return NAMES.containsKey(type);
  }

  /**
   * Rows events whose post-header starts with a 6-byte table id (v1, v2, MySQL partial update and
   * MariaDB compressed).
   */
  static boolean isRows(int type) {
    return (type >= WRITE_ROWS_V1 && type <= DELETE_ROWS_V1)
        || (type >= WRITE_ROWS_V2 && type <= DELETE_ROWS_V2)
        || type == PARTIAL_UPDATE_ROWS
        || (type >= 166 && type <= 171);
  }
}
