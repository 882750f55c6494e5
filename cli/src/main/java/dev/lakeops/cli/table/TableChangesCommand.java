package dev.lakeops.cli.table;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.lakeops.cli.common.CliErrors;
import dev.lakeops.cli.common.OutputOptions;
import dev.lakeops.table.Table;
import dev.lakeops.table.consumer.Consumers;
import dev.lakeops.table.data.CloseableIterator;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.meta.Consumer;
import dev.lakeops.table.meta.SnapshotHints;
import dev.lakeops.table.read.StreamPlan;
import dev.lakeops.table.read.StreamingScan;
import dev.lakeops.table.read.TableRead;
import dev.lakeops.table.types.RowType;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code lakeops table changes TABLE --from N [--to M | --follow] [--consumer-id ID]}: the changes
 * each snapshot committed, as {@code +I/-U/+U/-D} rows, one per line (a streaming read, {@link
 * StreamingScan}): from the changelog files when the table has a changelog producer, else from the
 * APPEND snapshots' delta files; COMPACT snapshots give none. {@code --follow} keeps reading new
 * snapshots until the process is interrupted (SIGINT, SIGTERM), ending cleanly between snapshots.
 * With {@code --consumer-id} the position after each snapshot whose rows were printed is saved in
 * the table's {@code consumer/consumer-<id>} file, which snapshot expiration respects; a consumer
 * with a saved position resumes there, whatever {@code --from} says, as Paimon's streaming source
 * does.
 */
@Command(
    name = "changes",
    mixinStandardHelpOptions = true,
    description =
        "Print the +I/-U/+U/-D changes of snapshots N..M (or from N on, following new commits),"
            + " one row per line; with --consumer-id, save the position after each snapshot and"
            + " resume from it.")
final class TableChangesCommand implements Callable<Integer> {

  @Spec CommandSpec spec;
  @Mixin TableArgument table;
  @Mixin OutputOptions output;

  @Option(
      names = "--from",
      paramLabel = "N",
      description =
          "First snapshot whose changes are printed (required unless --consumer-id has a saved"
              + " position)")
  Long from;

  @Option(names = "--to", paramLabel = "M", description = "Last snapshot (default: the latest)")
  Long to;

  @Option(
      names = "--follow",
      description = "Keep reading new snapshots as they are committed, until interrupted")
  boolean follow;

  @Option(
      names = "--consumer-id",
      paramLabel = "ID",
      description = "Save the position in consumer/consumer-ID after each snapshot; resume from it")
  String consumerId;

  @Option(
      names = "--interval",
      paramLabel = "DURATION",
      converter = TableDurationConverter.class,
      description = "With --follow, how often to look for a new snapshot (default 1s)")
  Duration interval = Duration.ofSeconds(1);

  @Override
  public Integer call() {
    if (to != null && follow) {
      throw new ParameterException(spec.commandLine(), "--to and --follow: give one of them");
    }
    if (from != null && from < 1) {
      throw new ParameterException(spec.commandLine(), "--from " + from + ": must be 1 or more");
    }
    if (to != null && from != null && to < from) {
      throw new ParameterException(
          spec.commandLine(), "--to " + to + ": must not be before --from " + from);
    }
    if (interval.isZero()) {
      throw new ParameterException(spec.commandLine(), "--interval 0: must be more than zero");
    }
    Table t = table.load(spec);
    Optional<Consumer> saved = Optional.empty();
    if (consumerId != null) {
      try {
        saved = new Consumers(t.io(), t.paths()).find(consumerId);
      } catch (IllegalArgumentException e) {
        throw CliErrors.badInput(spec, "--consumer-id " + consumerId, e);
      }
    }
    if (from == null && saved.isEmpty()) {
      throw new ParameterException(
          spec.commandLine(),
          "--from N is required"
              + (consumerId == null
                  ? ""
                  : " (consumer '"
                      + consumerId
                      + "' of table "
                      + table.name()
                      + " has no saved"
                      + " position)"));
    }
    OptionalLong earliest = SnapshotHints.earliestSnapshotId(t.io(), t.paths());
    OptionalLong latest = SnapshotHints.latestSnapshotId(t.io(), t.paths());
    long start = saved.map(Consumer::nextSnapshot).orElse(from);
    if (saved.isEmpty()) {
      checkFrom(earliest, latest);
    } else {
      PrintWriter err = spec.commandLine().getErr();
      err.println(
          "lakeops: consumer '"
              + consumerId
              + "' resumes at snapshot "
              + start
              + " of "
              + table.name());
      if (earliest.isPresent() && start < earliest.getAsLong()) {
        err.println(
            "lakeops: warning: snapshots "
                + start
                + ".."
                + (earliest.getAsLong() - 1)
                + " have expired; resuming at the earliest, "
                + earliest.getAsLong());
      }
      err.flush();
    }
    long last;
    if (follow) {
      last = Long.MAX_VALUE;
    } else if (to != null) {
      if (latest.isEmpty() || to > latest.getAsLong()) {
        throw new ParameterException(
            spec.commandLine(),
            "--to "
                + to
                + ": table "
                + table.name()
                + " has no snapshot "
                + to
                + " ("
                + range(earliest, latest)
                + "; --follow waits for new snapshots)");
      }
      last = to;
    } else {
      last = latest.orElse(0);
    }
    Map<String, String> options = new HashMap<>();
    options.put("scan.mode", "from-snapshot");
    options.put("scan.snapshot-id", Long.toString(Math.max(1, start)));
    options.put(StreamingScan.DISCOVERY_INTERVAL, interval.toMillis() + " ms");
    if (consumerId != null) {
      options.put(StreamingScan.CONSUMER_ID, consumerId);
    }
    StreamingScan scan;
    try {
      scan = t.newStreamingScan(options).withLastSnapshot(last);
    } catch (IllegalArgumentException | UnsupportedOperationException e) {
      throw CliErrors.badInput(spec, "table " + table.name(), e);
    }
    return stream(t, scan);
  }

  private void checkFrom(OptionalLong earliest, OptionalLong latest) {
    boolean exists =
        earliest.isPresent() && from >= earliest.getAsLong() && from <= latest.getAsLong();
    // with --follow the read may start at the next snapshot to be committed
    boolean next = follow && from == latest.orElse(0) + 1;
    if (!exists && !next) {
      throw new ParameterException(
          spec.commandLine(),
          "--from "
              + from
              + ": table "
              + table.name()
              + " has no snapshot "
              + from
              + (earliest.isPresent() && from < earliest.getAsLong() ? ", it has expired" : "")
              + " ("
              + range(earliest, latest)
              + ")");
    }
  }

  private static String range(OptionalLong earliest, OptionalLong latest) {
    return earliest.isEmpty() || latest.isEmpty()
        ? "the table has no snapshots"
        : "snapshots " + earliest.getAsLong() + ".." + latest.getAsLong() + " exist";
  }

  private int stream(Table t, StreamingScan scan) {
    TableRead read = t.newRead();
    RowType type = read.outputType();
    PrintWriter out = spec.commandLine().getOut();
    CountDownLatch stop = new CountDownLatch(1);
    CountDownLatch stopped = new CountDownLatch(1);
    // SIGINT and SIGTERM run shutdown hooks: the hook asks the loop to stop between snapshots and
    // waits for it, so the last snapshot printed is the last one saved.
    Thread hook =
        new Thread(
            () -> {
              stop.countDown();
              try {
                stopped.await(30, TimeUnit.SECONDS);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            },
            "lakeops-changes-stop");
    if (follow) {
      Runtime.getRuntime().addShutdownHook(hook);
    }
    try {
      while (stop.getCount() > 0) {
        Optional<StreamPlan> plan = scan.poll();
        if (plan.isPresent()) {
          print(out, type, read, plan.get());
          scan.checkpoint();
          continue;
        }
        scan.checkpoint(); // snapshots without changes were passed over
        if (scan.isFinished() || (!follow && scan.nextSnapshotId().isEmpty())) {
          break;
        }
        if (stop.await(scan.discoveryInterval().toMillis(), TimeUnit.MILLISECONDS)) {
          break;
        }
      }
      return 0;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 0;
    } finally {
      out.flush();
      stopped.countDown();
      if (follow) {
        try {
          Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
          // the JVM is shutting down: the hook is running and ends with this method
        }
      }
    }
  }

  private void print(PrintWriter out, RowType type, TableRead read, StreamPlan plan) {
    try (CloseableIterator<Row> rows = read.open(plan.plan())) {
      while (rows.hasNext()) {
        Row row = rows.next();
        out.println(
            output.json()
                ? json(type, row, plan.snapshotId())
                : text(type, row, plan.snapshotId()));
      }
    }
    out.flush();
  }

  private static String text(RowType type, Row row, long snapshotId) {
    StringBuilder line = new StringBuilder();
    line.append(row.kind().shortString()).append(" snapshot=").append(snapshotId);
    for (int i = 0; i < type.arity(); i++) {
      line.append(' ')
          .append(type.fields().get(i).name())
          .append('=')
          .append(RowValues.text(row.get(i)).replace('\n', ' '));
    }
    return line.toString();
  }

  private static String json(RowType type, Row row, long snapshotId) {
    ObjectNode node = RowPrinter.MAPPER.createObjectNode();
    node.put("snapshot", snapshotId);
    node.put("kind", row.kind().shortString());
    node.set("row", RowValues.json(type, row));
    try {
      return RowPrinter.MAPPER.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("A row does not serialize to JSON", e);
    }
  }
}
