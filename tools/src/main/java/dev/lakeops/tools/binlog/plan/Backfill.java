package dev.lakeops.tools.binlog.plan;

import java.util.List;

/**
 * A bounded backfill: the tables the lost transactions touched, the event-time window widened by
 * {@link BinlogRecoveryPlanner#MARGIN}, and per table a reconciliation query to compare the source
 * with the lake. The column names are not in the binlog: each query names its placeholders.
 *
 * @param tables db.table names from the TABLE_MAP events of the cut transactions; empty when
 *     unknown
 * @param queries one per table, or one template when the tables are unknown
 */
public record Backfill(List<String> tables, TimeWindow window, List<Query> queries, String note) {

  public Backfill {
    tables = List.copyOf(tables);
    queries = List.copyOf(queries);
  }

  /**
   * A reconciliation query for one table; {@code placeholders} must be filled in before it runs.
   */
  public record Query(String table, String sql, List<String> placeholders) {
    public Query {
      placeholders = List.copyOf(placeholders);
    }
  }
}
