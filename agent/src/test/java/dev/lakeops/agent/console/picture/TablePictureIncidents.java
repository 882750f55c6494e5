package dev.lakeops.agent.console.picture;

import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.plan.DeterministicPlanner;
import dev.lakeops.runbooks.tool.BinlogBindings;
import dev.lakeops.runbooks.tool.TableBindings;
import dev.lakeops.runbooks.tool.ToolRegistry;
import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import dev.lakeops.table.write.TableWrite;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.binlog.BinlogTools;
import dev.lakeops.tools.table.CommitRecord;
import dev.lakeops.tools.table.CommitTimeline;
import dev.lakeops.tools.table.CommitTimelineAnalyzer;
import dev.lakeops.tools.table.CommitTimelineRules;
import dev.lakeops.tools.table.TableLocator;
import dev.lakeops.tools.table.TableTools;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Real incidents for the table and binlog pictures: tables written by the table engine and the
 * recorded MariaDB binlog damaged at one event, triaged by the shipped runbooks through the
 * deterministic planner, exactly as the agent triages an alert.
 */
public final class TablePictureIncidents {

  /** The recorded MariaDB 10.11 binlog (CRC32) the tools' tests use; see the README next to it. */
  static final Path BINLOG =
      Path.of("..", "tools", "src", "test", "resources", "binlog", "mariadb-10.11-crc32.000002");

  /** Inside UPDATE_ROWS_V1 at 1961 (GTID 0-1-6): restart at 1776, events resume at 2037. */
  static final int FLIPPED_BYTE = 1990;

  private TablePictureIncidents() {}

  /**
   * {@code db.payments}, an append table: {@code userA} commits payments 1..10 at checkpoints 1..5,
   * then, restarted without its state as {@code userB}, replays them at checkpoints 1..5 (snapshots
   * 6..10); triaged as {@code LakeTableDuplicateKeys}.
   */
  public static TriageReport duplicates(Path warehouse, String userA, String userB) {
    Table t = payments(warehouse, "payments");
    for (String user : List.of(userA, userB)) {
      for (int checkpoint = 1; checkpoint <= 5; checkpoint++) {
        commit(t, user, checkpoint, payments(2 * checkpoint - 1, 2 * checkpoint));
      }
    }
    return triage(
        warehouse, "LakeTableDuplicateKeys", Map.of("table", "db.payments", "keys", "order_id"));
  }

  /**
   * {@code db.events}, a write-only primary-key table with 4 buckets (triggers 3 and 5): partition
   * dt=2024-01-01 gets 6 commits of 200 rows, dt=2024-01-02 one row, so its buckets are far larger
   * and hold 6 sorted runs; triaged as {@code LakeTableCompactionBacklog}.
   */
  public static TriageReport backlog(Path warehouse) {
    Table t =
        orders(
            warehouse,
            "events",
            Map.of(
                "bucket",
                "4",
                "write-only",
                "true",
                "num-sorted-run.compaction-trigger",
                "3",
                "num-sorted-run.stop-trigger",
                "5"));
    for (int i = 0; i < 6; i++) {
      commit(t, "job", i + 1, orders("2024-01-01", i * 200L + 1, (i + 1) * 200L));
    }
    commit(t, "job", 7, orders("2024-01-02", 1, 1));
    return triage(warehouse, "LakeTableCompactionBacklog", Map.of("table", "db.events"));
  }

  /**
   * A copy of the recorded binlog under {@code dir} with one byte flipped inside an UPDATE_ROWS
   * event, triaged as {@code CdcBinlogCorrupted}.
   */
  public static TriageReport damagedBinlog(Path dir) {
    Path file = dir.resolve("mysql-bin.000002");
    try {
      byte[] bytes = Files.readAllBytes(BINLOG);
      bytes[FLIPPED_BYTE] ^= (byte) 0xff;
      Files.write(file, bytes);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot copy the binlog fixture " + BINLOG, e);
    }
    DeterministicPlanner planner =
        DeterministicPlanner.shipped(
            new ToolRegistry().registerAll(BinlogBindings.of(new BinlogTools())),
            Clock.systemUTC());
    return planner.triage(
        new AlertSignal(
            Map.of("alertname", "CdcBinlogCorrupted", "binlog_path", file.toString()),
            Map.of("summary", "CDC source failed on the binlog")));
  }

  /**
   * The commit timeline analyzer's report on {@code count} snapshots, one a second, by {@code
   * job-a} then (from the middle on, identifiers restarting) {@code job-b}, a COMPACT every tenth,
   * the last one repeating an identifier: the timeline a probe with that limit reads from such a
   * table.
   */
  static ToolReport timeline(String table, int count) {
    List<CommitRecord> commits = new ArrayList<>();
    long t0 = 1_795_000_000_000L;
    for (int i = 1; i <= count; i++) {
      boolean second = i > count / 2;
      // the last commit goes back two identifiers: an identifier regression
      long identifier = (second ? i - count / 2 : i) - (i == count ? 2 : 0);
      String kind = i % 10 == 0 ? "COMPACT" : "APPEND";
      commits.add(
          new CommitRecord(
              i, second ? "job-b" : "job-a", identifier, kind, t0 + i * 1000L, 2L, 2L * i, 1, 0));
    }
    CommitTimeline timeline = new CommitTimeline(table, "/lake/db.db/t", 1, count, commits);
    Map<String, String> params = new LinkedHashMap<>();
    params.put("table", table);
    params.put("limit", Integer.toString(count));
    params.put("location", "/lake/db.db/t");
    return new ToolReport(
        ToolReport.Status.OK,
        TableTools.COMMIT_TIMELINE,
        params,
        new CommitTimelineAnalyzer(CommitTimelineRules.defaults()).analyze(timeline),
        null);
  }

  private static TriageReport triage(Path warehouse, String alertname, Map<String, String> labels) {
    TableLocator locator = TableLocator.local(warehouse);
    DeterministicPlanner planner =
        DeterministicPlanner.shipped(
            new ToolRegistry()
                .registerAll(TableBindings.inWarehouse(new TableTools(locator), locator)),
            Clock.systemUTC());
    Map<String, String> all = new LinkedHashMap<>(labels);
    all.put("alertname", alertname);
    return planner.triage(new AlertSignal(all, Map.of("summary", "lake table alert")));
  }

  static Table payments(Path warehouse, String name) {
    Catalog catalog = Catalog.local(warehouse);
    catalog.createDatabaseIfNotExists("db");
    return catalog.createTable(
        Identifier.of("db", name),
        TableDefinition.builder()
            .column("order_id", AtomicType.of(TypeRoot.BIGINT))
            .column("amount", AtomicType.of(TypeRoot.INT))
            .option("file.format", "avro")
            .build());
  }

  private static Table orders(Path warehouse, String name, Map<String, String> options) {
    Catalog catalog = Catalog.local(warehouse);
    catalog.createDatabaseIfNotExists("db");
    TableDefinition.Builder b =
        TableDefinition.builder()
            .column("dt", AtomicType.string())
            .column("id", AtomicType.of(TypeRoot.BIGINT))
            .column("amount", AtomicType.of(TypeRoot.INT))
            .partitionKeys("dt")
            .primaryKey("dt", "id")
            .option("file.format", "avro");
    options.forEach(b::option);
    return catalog.createTable(Identifier.of("db", name), b.build());
  }

  static void commit(Table table, String user, long identifier, List<Row> rows) {
    try (TableWrite write = table.newWrite(user)) {
      rows.forEach(write::write);
      table.newCommit().commit(write.prepareCommit(identifier));
    }
  }

  static List<Row> payments(long from, long to) {
    List<Row> rows = new ArrayList<>();
    for (long id = from; id <= to; id++) {
      rows.add(Row.of(id, (int) id));
    }
    return rows;
  }

  private static List<Row> orders(String dt, long from, long to) {
    List<Row> rows = new ArrayList<>();
    for (long id = from; id <= to; id++) {
      rows.add(Row.of(dt, id, (int) id));
    }
    return rows;
  }
}
