package dev.lakeops.tools.binlog.plan;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * The bounded backfill: per affected table, a reconciliation query to run on the source and on the
 * lake copy, over the loss window widened by {@link BinlogRecoveryPlanner#MARGIN}. The binlog names
 * tables but not their columns, so each query carries placeholders a person fills in; it is text to
 * review, never run by lakeops.
 */
final class Backfills {

  private static final DateTimeFormatter SQL_TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);
  private static final List<String> PLACEHOLDERS =
      List.of(
          "<pk>: the primary-key column(s)",
              "<updated_at>: a last-modified column, if the table has one",
          "<columns>: the columns to compare, comma-separated",
              "<pk_low>/<pk_high>: the key range the lost rows can fall in");

  private Backfills() {}

  static Backfill of(Loss loss) {
    TimeWindow raw = loss.window;
    Instant from = raw.from() == null ? null : raw.from().minus(BinlogRecoveryPlanner.MARGIN);
    Instant to = raw.to() == null ? null : raw.to().plus(BinlogRecoveryPlanner.MARGIN);
    TimeWindow window = new TimeWindow(from, to);
    List<Backfill.Query> queries = new ArrayList<>();
    if (loss.tables.isEmpty()) {
      queries.add(new Backfill.Query("<db>.<table>", sql("<db>", "<table>", window), PLACEHOLDERS));
    } else {
      for (String table : loss.tables) {
        int dot = table.indexOf('.');
        String db = dot > 0 ? table.substring(0, dot) : "<db>";
        String name = dot > 0 ? table.substring(dot + 1) : table;
        queries.add(new Backfill.Query(table, sql(db, name, window), PLACEHOLDERS));
      }
    }
    String note =
        (loss.tables.isEmpty()
                ? "The damaged span named no table (its TABLE_MAP was lost or the damage fell"
                    + " between transactions): reconcile every captured table. "
                : "Tables from the TABLE_MAP events of the cut transactions. ")
            + "Run each query on the source and on the lake copy and compare; where they differ,"
            + " re-read those keys from the source (a bounded snapshot of the key range) and upsert"
            + " them. Timestamps are UTC; the window is the event-time span of the loss widened by "
            + BinlogRecoveryPlanner.MARGIN.toMinutes()
            + " minute(s) on each "
            + "side"
            + (window.from() == null
                ? "; its start is unknown: use the last successful checkpoint's time"
                : "")
            + (window.to() == null ? "; its end is unknown: use the time the source resumed" : "")
            + ".";
    return new Backfill(loss.tables, window, queries, note);
  }

  /**
   * A checksum over the rows changed in the window; a key-range variant for tables without a
   * last-modified column.
   */
  private static String sql(String db, String table, TimeWindow window) {
    String from = window.from() == null ? "<window start>" : SQL_TIME.format(window.from());
    String to = window.to() == null ? "<window end>" : SQL_TIME.format(window.to());
    String qualified = ident(db) + "." + ident(table);
    return "SET time_zone = '+00:00';\n"
        + "SELECT COUNT(*) AS row_count, MIN(<pk>) AS min_pk, MAX(<pk>) AS max_pk,\n"
        + "       BIT_XOR(CRC32(CONCAT_WS('#', <pk>, <columns>))) AS checksum\n"
        + "FROM "
        + qualified
        + "\n"
        + "WHERE <updated_at> >= '"
        + from
        + "' AND <updated_at> < '"
        + to
        + "';\n"
        + "-- without a last-modified column, compare key ranges instead:\n"
        + "-- ... FROM "
        + qualified
        + " WHERE <pk> BETWEEN <pk_low> AND <pk_high>;";
  }

  /**
   * A backtick-quoted identifier; a backtick inside the name is doubled (names come from the
   * binlog).
   */
  private static String ident(String name) {
    if (name.startsWith("<")) {
      return name;
    }
    return "`" + name.replace("`", "``") + "`";
  }
}
