package dev.lakeops.eval.cli;

import dev.lakeops.cli.common.DurationConverter;
import dev.lakeops.cli.common.LakeopsHome;
import dev.lakeops.eval.sandbox.MariaDbServer;
import dev.lakeops.eval.sandbox.Sandbox;
import dev.lakeops.eval.sandbox.SandboxConfig;
import dev.lakeops.eval.sandbox.ShopTables;
import dev.lakeops.table.Table;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.meta.Snapshot;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code lakeops bench freshness}: end-to-end freshness of the sandbox's CDC pipeline, from a
 * MariaDB commit to the row being visible in the lake table {@code shop.orders} (Debezium in Kafka
 * Connect, Kafka, the Flink job {@code cdc-to-lake} and its lakeops sink, which commits at each
 * checkpoint). One order is inserted every {@code --interval}; a reader follows the table's
 * snapshots every 20 ms and notes when each order appears.
 */
@Command(
    name = "freshness",
    mixinStandardHelpOptions = true,
    description =
        "Benchmark: MariaDB commit to visible in the lake table, through the sandbox's CDC"
            + " pipeline (p50/p95/max).")
final class FreshnessBenchCommand implements Callable<Integer> {

  private static final long FIRST_ID = 1_000_000;
  private static final Duration POLL = Duration.ofMillis(20);
  private static final Duration VISIBLE_TIMEOUT = Duration.ofSeconds(60);

  @Spec CommandSpec spec;

  @Option(
      names = "--rows",
      defaultValue = "100",
      description = "Orders to insert, one at a time; default ${DEFAULT-VALUE}")
  int rows;

  @Option(
      names = "--interval",
      defaultValue = "300ms",
      converter = DurationConverter.class,
      description = "Time between two inserts; default ${DEFAULT-VALUE}")
  Duration interval;

  @Option(
      names = "--kafka-port",
      defaultValue = "19492",
      description = "Broker port; default ${DEFAULT-VALUE} (controller: port + 1)")
  int kafkaPort;

  @Option(
      names = "--flink-port",
      defaultValue = "18481",
      description = "Flink REST port; default ${DEFAULT-VALUE}")
  int flinkPort;

  @Option(
      names = "--mariadb-port",
      defaultValue = "13406",
      description = "MariaDB port; default ${DEFAULT-VALUE}")
  int mariaDbPort;

  @Option(
      names = "--connect-port",
      defaultValue = "18483",
      description = "Kafka Connect REST port; default ${DEFAULT-VALUE}")
  int connectPort;

  @Option(
      names = "--work-dir",
      paramLabel = "DIR",
      description = "Sandbox data (default: .lakeops/bench-freshness in the checkout)")
  Path workDir;

  @Override
  public Integer call() throws Exception {
    if (rows < 1 || rows > 10_000) {
      throw new picocli.CommandLine.ParameterException(
          spec.commandLine(), "--rows must be between 1 and 10000, was " + rows);
    }
    PrintWriter out = spec.commandLine().getOut();
    Path home = LakeopsHome.path();
    Path dir =
        (workDir == null ? home.resolve(".lakeops/bench-freshness") : workDir).toAbsolutePath();
    SandboxConfig config;
    try {
      config =
          SandboxConfig.defaults(home, dir.resolve("sandbox"))
              .withPorts(kafkaPort, kafkaPort + 1, flinkPort)
              .withRecordsPerSecond(50)
              .withCdc(new SandboxConfig.CdcPorts(mariaDbPort, connectPort));
    } catch (IllegalArgumentException e) {
      throw new picocli.CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    out.println(
        "bench: starting the sandbox with its CDC hop (MariaDB, Kafka, Connect, Flink) ...");
    out.flush();
    try (Sandbox sandbox = Sandbox.start(config)) {
      Map<Long, Long> committedAt = new ConcurrentHashMap<>();
      Map<Long, Long> visibleAt = new ConcurrentHashMap<>();
      Thread reader =
          new Thread(() -> follow(config.warehouse(), committedAt, visibleAt), "freshness-reader");
      reader.setDaemon(true);
      reader.start();
      MariaDbServer db = sandbox.mariaDb();
      for (long id = FIRST_ID; id < FIRST_ID + rows; id++) {
        db.execute(
            "INSERT INTO shop.orders VALUES ("
                + id
                + ", 7, 1.00, 'new', '2026-01-04 00:00:00.000')");
        committedAt.put(id, System.nanoTime());
        Thread.sleep(interval.toMillis());
      }
      long deadline = System.nanoTime() + VISIBLE_TIMEOUT.toNanos();
      while (visibleAt.size() < rows && System.nanoTime() < deadline) {
        Thread.sleep(POLL.toMillis());
      }
      reader.interrupt();
      List<Long> millis = new ArrayList<>();
      visibleAt.forEach((id, at) -> millis.add((at - committedAt.get(id)) / 1_000_000));
      Collections.sort(millis);
      out.println();
      out.printf(
          "freshness, MariaDB commit to visible in lake table shop.orders, %d orders at one per"
              + " %d ms (%d visible within %d s), checkpoint interval 2000 ms:%n",
          rows, interval.toMillis(), millis.size(), VISIBLE_TIMEOUT.toSeconds());
      if (!millis.isEmpty()) {
        out.printf(
            "  p50 %d ms   p95 %d ms   max %d ms%n",
            TriageBenchCommand.percentile(millis, 50),
            TriageBenchCommand.percentile(millis, 95),
            millis.get(millis.size() - 1));
      }
      out.flush();
      return millis.size() == rows ? 0 : 1;
    }
  }

  // reads the table whenever a new snapshot appears and notes when each inserted order shows
  private static void follow(
      Path warehouse, Map<Long, Long> committedAt, Map<Long, Long> visibleAt) {
    long seenSnapshot = 0;
    while (!Thread.currentThread().isInterrupted()) {
      try {
        Table table = ShopTables.lakeTable(warehouse, ShopTables.ORDERS);
        Optional<Snapshot> latest = table.latestSnapshot();
        if (latest.isPresent() && latest.get().id() != seenSnapshot) {
          long now = System.nanoTime();
          seenSnapshot = latest.get().id();
          for (Row row : table.newRead().readAll(table.newScan().plan())) {
            Long id = (Long) row.get(0);
            if (committedAt.containsKey(id)) {
              visibleAt.putIfAbsent(id, now);
            }
          }
        }
        Thread.sleep(POLL.toMillis());
      } catch (InterruptedException e) {
        return;
      }
    }
  }
}
