package dev.lakeops.tools.binlog.file;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
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

  /** A transaction that ended: where, with which GTID, and whether damage cut it. */
  record Ended(long end, @Nullable String gtid, boolean damaged, List<String> tables) {
    Ended {
      tables = List.copyOf(tables);
    }
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
  private @Nullable String gtid;
  private boolean standalone;
  private boolean damaged;

  /** A damaged transaction only counts once an event proves the damage fell inside one. */
  private boolean damageConfirmed;

  private final Set<String> tables = new LinkedHashSet<>();
  private EventBody.@Nullable TableMap lastTableMap;
  private String lastTableName = "";

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
    return gtid;
  }

  Set<String> tables() {
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
      tables.clear();
    }
    damaged = true;
    damageConfirmed = damageConfirmed || wasOpen;
    return wasOpen ? (gtid != null ? gtid : "unknown") : null;
  }

  /** Feeds one event; returns the transaction it ended, if any. */
  @Nullable Ended accept(BinlogEvent event) {
    EventBody body = event.body();
    long end = event.header().end();
    if (body instanceof EventBody.MariadbGtid g) {
      Ended cut = closeDamaged();
      begin(event.header().offset(), g.gtid(), g.standalone());
      return cut;
    }
    if (body instanceof EventBody.MysqlGtid g) {
      Ended cut = closeDamaged();
      begin(
          event.header().offset(), g.gtid(), true); // standalone until a BEGIN query says otherwise
      return cut;
    }
    if (body instanceof EventBody.Xid || body instanceof EventBody.XaPrepare) {
      return close(end);
    }
    if (body instanceof EventBody.Query q) {
      return query(q, event.header().offset(), end);
    }
    if (body instanceof EventBody.TableMap t) {
      // The reader hands the same TableMap instance for an unchanged mapping: name it once.
      if (t != lastTableMap) {
        lastTableMap = t;
        lastTableName = t.qualifiedName();
      }
      tableNames.put(t.tableId(), lastTableName);
      touch(lastTableName);
    } else if (body instanceof EventBody.Rows r) {
      String name = tableNames.get(r.tableId());
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
    String sql = q.sql().strip().toUpperCase(Locale.ROOT);
    if (sql.equals("BEGIN") || sql.startsWith("XA START")) {
      if (!open || damaged) {
        Ended cut = closeDamaged();
        begin(offset, null, false);
        return cut;
      }
      standalone = false;
      return null;
    }
    if (sql.equals("COMMIT")
        || sql.equals("ROLLBACK")
        || sql.startsWith("XA COMMIT")
        || sql.startsWith("XA ROLLBACK")) {
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

  private void begin(long offset, @Nullable String gtid, boolean standalone) {
    this.open = true;
    this.beginOffset = offset;
    this.gtid = gtid;
    this.standalone = standalone;
    this.damaged = false;
    this.damageConfirmed = false;
    tables.clear();
  }

  private void touch(String table) {
    damageConfirmed = damageConfirmed || damaged;
    if (open && tables.size() < MAX_TABLES) {
      tables.add(table);
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
    return new Ended(end, gtid, wasDamaged, List.copyOf(tables));
  }
}
