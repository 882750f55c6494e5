package dev.lakeops.tools.binlog.file;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Finds transaction boundaries in event order for both dialects (binlog.md §6): MariaDB's GTID
 * event is the BEGIN and STANDALONE DDL ends at its QUERY; MySQL has GTID then QUERY(BEGIN). Ends
 * are XID, QUERY COMMIT/ROLLBACK, a standalone QUERY and XA_PREPARE. Memory is bounded: table ids
 * and tables per transaction are capped.
 */
final class TransactionTracker {

  private static final int MAX_TABLE_IDS = 1024;
  private static final int MAX_TABLES = 64;

  /**
   * A transaction that ended: where, with which GTID, and whether damage cut it; {@code tables} is
   * filled for a damaged transaction only (the only one whose tables are reported).
   *
   * @param gtidEvent the GTID event that began it ({@link EventBody.MariadbGtid} or {@link
   *     EventBody.MysqlGtid}), kept as the event so that its text is made only when asked for
   */
  record Ended(long end, @Nullable EventBody gtidEvent, boolean damaged, List<String> tables) {
    // Requires: tables is immutable (the tracker hands a copy or List.of()).

    @Nullable String gtid() {
      return gtidText(gtidEvent);
    }
  }

  /** The text of a GTID event: {@code domain-server-sequence} or {@code uuid:gno}. */
  static @Nullable String gtidText(@Nullable EventBody gtidEvent) {
    if (gtidEvent instanceof EventBody.MariadbGtid g) {
      return g.gtid();
    }
    return gtidEvent instanceof EventBody.MysqlGtid g ? g.gtid() : null;
  }

  private final Map<Long, String> tableNames =
      new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, String> eldest) {
          return size() > MAX_TABLE_IDS;
        }
      };
  private boolean open;
  private long beginOffset = -1;
  private @Nullable EventBody gtid;
  private boolean standalone;
  private boolean damaged;

  /** A damaged transaction only counts once an event proves the damage fell inside one. */
  private boolean damageConfirmed;

  /**
   * Tables of the open transaction, distinct, in first-touch order: a list, since transactions
   * touch few tables and clearing a hash set per transaction cost more than the lookups.
   */
  private final List<String> tables = new ArrayList<>();

  private EventBody.@Nullable TableMap lastTableMap;
  private String lastTableName = "";

  /** The table last added to {@link #tables}: rows events of one table follow each other. */
  private @Nullable String lastTouched;

  boolean isOpen() {
    return open;
  }

  /** Whether the open transaction is intact and began with the event at {@code offset}. */
  boolean beganCleanlyAt(long offset) {
    return open && !damaged && beginOffset == offset;
  }

  /** At the end of the file: the cut transaction still open, if damage proved there was one. */
  @Nullable Ended finish() {
    return closeDamaged();
  }

  @Nullable String gtid() {
    return gtidText(gtid);
  }

  List<String> tables() {
    return tables;
  }

  /**
   * Marks the open transaction (or, between transactions, a possible one whose GTID was lost) as
   * cut. Returns the GTID of the transaction cut, {@code unknown} or null.
   */
  @Nullable String damage() {
    boolean wasOpen = open;
    if (!open) {
      open = true;
      gtid = null;
      standalone = false;
      clearTables();
    }
    damaged = true;
    damageConfirmed = damageConfirmed || wasOpen;
    return wasOpen ? (gtid != null ? gtidText(gtid) : "unknown") : null;
  }

  /** Feeds one event; returns the transaction it ended, if any. */
  @Nullable Ended accept(BinlogEvent event) {
    if (event.body() instanceof EventBody.TransactionPayload p) {
      return payload(p, event.header().offset(), event.header().end());
    }
    return accept(event.body(), event.header().offset(), event.header().end());
  }

  /**
   * A compressed transaction: its inner events stand at the payload's place in the file, and the
   * transaction ends where the payload ends (it always holds a whole transaction, GTID outside).
   */
  private @Nullable Ended payload(EventBody.TransactionPayload p, long offset, long end) {
    Ended ended = null;
    for (EventBody inner : p.events()) {
      Ended e = accept(inner, offset, end);
      if (e != null) {
        ended = e;
      }
    }
    if (open) {
      Ended e = close(end);
      ended = e != null ? e : ended;
    }
    return ended;
  }

  private @Nullable Ended accept(EventBody body, long offset, long end) {
    if (body instanceof EventBody.MariadbGtid g) {
      Ended cut = closeDamaged();
      begin(offset, g, g.standalone());
      return cut;
    }
    if (body instanceof EventBody.MysqlGtid g) {
      Ended cut = closeDamaged();
      begin(offset, g, true); // standalone until a BEGIN query says otherwise
      return cut;
    }
    if (body instanceof EventBody.Xid || body instanceof EventBody.XaPrepare) {
      return close(end);
    }
    if (body instanceof EventBody.Query q) {
      return query(q, offset, end);
    }
    if (body instanceof EventBody.TableMap t) {
      // The reader hands the same TableMap instance for an unchanged mapping: name it once.
      // The same instance was the last one put, so no other put can have evicted it since.
      if (t != lastTableMap) {
        lastTableMap = t;
        lastTableName = t.qualifiedName();
        tableNames.put(t.tableId(), lastTableName);
      }
      touch(lastTableName);
    } else if (body instanceof EventBody.Rows r) {
      EventBody.TableMap last = lastTableMap;
      String name =
          last != null && last.tableId() == r.tableId()
              ? lastTableName
              : tableNames.get(r.tableId());
      touch(name != null ? name : "table_id:" + r.tableId());
    } else if (body instanceof EventBody.AnnotateRows) {
      damageConfirmed = damageConfirmed || damaged;
    }
    return null;
  }

  static boolean isStatementDml(EventBody.Query q) {
    String sql = q.sql().stripLeading();
    return startsWithIgnoreCase(sql, "INSERT")
        || startsWithIgnoreCase(sql, "UPDATE")
        || startsWithIgnoreCase(sql, "DELETE")
        || startsWithIgnoreCase(sql, "REPLACE");
  }

  private static boolean startsWithIgnoreCase(String s, String prefix) {
    return s.regionMatches(true, 0, prefix, 0, prefix.length());
  }

  private @Nullable Ended query(EventBody.Query q, long offset, long end) {
    // Compared without upper-casing: most queries are the decoder's BEGIN/COMMIT, the rest DDL.
    String sql = q.sql();
    if (sql != EventBody.Query.BEGIN && sql != EventBody.Query.COMMIT) {
      sql = sql.strip();
    }
    if (sql.equalsIgnoreCase("BEGIN") || startsWithIgnoreCase(sql, "XA START")) {
      if (!open || damaged) {
        Ended cut = closeDamaged();
        begin(offset, null, false);
        return cut;
      }
      standalone = false;
      return null;
    }
    if (sql.equalsIgnoreCase("COMMIT")
        || sql.equalsIgnoreCase("ROLLBACK")
        || startsWithIgnoreCase(sql, "XA COMMIT")
        || startsWithIgnoreCase(sql, "XA ROLLBACK")) {
      damageConfirmed = damageConfirmed || damaged;
      return close(end);
    }
    if (!open) {
      begin(offset, null, true); // a statement outside any transaction, e.g. DDL with no GTID event
      return close(end);
    }
    if (damaged) {
      damageConfirmed = true;
      return isStatementDml(q) ? null : close(end);
    }
    return standalone ? close(end) : null;
  }

  private void begin(long offset, @Nullable EventBody gtid, boolean standalone) {
    this.open = true;
    this.beginOffset = offset;
    this.gtid = gtid;
    this.standalone = standalone;
    this.damaged = false;
    this.damageConfirmed = false;
    clearTables();
  }

  private void clearTables() {
    tables.clear();
    lastTouched = null;
  }

  private void touch(String table) {
    damageConfirmed = damageConfirmed || damaged;
    if (open && table != lastTouched && tables.size() < MAX_TABLES) {
      if (!tables.contains(table)) {
        tables.add(table);
      }
      lastTouched = table;
    }
  }

  private @Nullable Ended closeDamaged() {
    if (open && damaged) {
      boolean counted = damageConfirmed;
      open = false;
      return counted ? new Ended(-1, gtid, true, List.copyOf(tables)) : null;
    }
    return null;
  }

  private @Nullable Ended close(long end) {
    if (!open) {
      return null;
    }
    open = false;
    boolean wasDamaged = damaged; // an end event proves the damage fell inside this transaction
    damaged = false;
    return new Ended(end, gtid, wasDamaged, wasDamaged ? List.copyOf(tables) : List.of());
  }
}
