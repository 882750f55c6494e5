package dev.lakeops.eval.binlog;

import dev.lakeops.eval.sandbox.MariaDbServer;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One file's events as the server lists them ({@code SHOW BINLOG EVENTS}), and the expectations a
 * damage at a given event implies, computed from that listing alone (binlog.md §6): independent of
 * the reader under test.
 */
final class ServerEvents {

  /** One listed event, with the transaction it belongs to (null outside transactions). */
  record Event(
      long pos,
      long end,
      String type,
      String info,
      String gtid,
      boolean endsTransaction,
      boolean insideTransaction) {}

  /** A place the analyzer may restart from: its end offset and the last committed GTID there. */
  record Safe(long end, String gtid) {}

  private static final Pattern GTID = Pattern.compile("GTID (\\d+-\\d+-\\d+)");

  final List<Event> events;

  private ServerEvents(List<Event> events) {
    this.events = List.copyOf(events);
  }

  static ServerEvents list(MariaDbServer server, String file) throws SQLException {
    List<String[]> rows = new ArrayList<>();
    try (Connection c = server.connectAdmin();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SHOW BINLOG EVENTS IN '" + file + "'")) {
      while (rs.next()) {
        rows.add(new String[] {rs.getString(2), rs.getString(5), rs.getString(3), rs.getString(6)});
      }
    }
    List<Event> events = new ArrayList<>();
    String gtid = null;
    boolean standalone = false;
    long pos = 4;
    for (String[] r : rows) {
      long start = Long.parseLong(r[0]);
      long end = Long.parseLong(r[1]);
      String type = r[2];
      String info = r[3] == null ? "" : r[3];
      boolean ends = false;
      boolean inside = gtid != null;
      if (type.equals("Gtid")) {
        Matcher m = GTID.matcher(info);
        if (!m.find()) {
          throw new IllegalStateException("no GTID in " + info);
        }
        gtid = m.group(1);
        standalone = !info.startsWith("BEGIN");
        inside = true;
      } else if (gtid != null
          && (type.equals("Xid")
              || (type.equals("Query") && (standalone || info.equals("COMMIT"))))) {
        ends = true;
      }
      events.add(new Event(start, end, type, info, inside ? gtid : null, ends, inside));
      if (ends) {
        gtid = null;
      }
      pos = end;
    }
    return new ServerEvents(events);
  }

  /** The event holding byte {@code offset}. */
  Event at(long offset) {
    for (Event e : events) {
      if (e.pos() <= offset && offset < e.end()) {
        return e;
      }
    }
    throw new IllegalArgumentException("no event holds offset " + offset);
  }

  Event first(String type) {
    return events.stream().filter(e -> e.type().equals(type)).findFirst().orElseThrow();
  }

  /** The n-th (0-based) event of {@code type}. */
  Event nth(String type, int n) {
    return events.stream().filter(e -> e.type().equals(type)).skip(n).findFirst().orElseThrow();
  }

  /** Events of {@code type} strictly inside a transaction that is not its first or last event. */
  List<Event> ofType(String type) {
    return events.stream().filter(e -> e.type().equals(type)).toList();
  }

  /**
   * Where a restart is safe when the bytes from {@code damagedAt} on are bad: the end of the last
   * complete transaction, or of a header event outside transactions, that ends at or before it.
   */
  Safe safeBefore(long damagedAt) {
    long end = 4;
    String gtid = null;
    for (Event e : events) {
      if (e.end() > damagedAt) {
        break;
      }
      if (e.endsTransaction()) {
        end = e.end();
        gtid = e.gtid();
      } else if (!e.insideTransaction()
          && List.of("Format_desc", "Gtid_list", "Binlog_checkpoint").contains(e.type())) {
        end = e.end();
      }
    }
    return new Safe(end, gtid);
  }

  /** Start of the first event at or after {@code offset}; null when none. */
  Long firstEventFrom(long offset) {
    return events.stream().filter(e -> e.pos() >= offset).map(Event::pos).findFirst().orElse(null);
  }

  /** Start of the first transaction (its GTID event) at or after {@code offset}; null when none. */
  Event firstTransactionFrom(long offset) {
    return events.stream()
        .filter(e -> e.pos() >= offset && e.type().equals("Gtid"))
        .findFirst()
        .orElse(null);
  }

  long length() {
    return events.get(events.size() - 1).end();
  }
}
