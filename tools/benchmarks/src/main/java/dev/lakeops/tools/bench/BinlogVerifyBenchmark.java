package dev.lakeops.tools.bench;

import com.github.shyiko.mysql.binlog.BinaryLogFileReader;
import com.github.shyiko.mysql.binlog.event.Event;
import dev.lakeops.tools.binlog.BinlogTools;
import dev.lakeops.tools.binlog.file.BinlogEvent;
import dev.lakeops.tools.binlog.file.BinlogReader;
import dev.lakeops.tools.binlog.file.BinlogVerdict;
import dev.lakeops.tools.binlog.file.BinlogVisitor;
import dev.lakeops.tools.binlog.file.Damage;
import dev.lakeops.tools.binlog.file.RowsEvent;
import dev.lakeops.tools.binlog.file.RowsFailure;
import dev.lakeops.tools.binlog.file.RowsVisitor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Reads one generated binlog of {@code sizeMiB} MiB (MariaDB 10.11 events, CRC32) from start to
 * end, one whole file per operation, on one thread:
 *
 * <ul>
 *   <li>{@code lakeopsVerify}: {@code binlog verify} as the CLI runs it ({@link
 *       BinlogTools#verdict}): header checks, CRC32 of every event, body fields, transaction
 *       tracking, verdict;
 *   <li>{@code lakeopsReader}: the reader alone (CRC32 and body fields) with a visitor that only
 *       counts;
 *   <li>{@code lakeopsRows}: the reader decoding every row value too ({@link RowsVisitor});
 *   <li>{@code connector}: mysql-binlog-connector-java 0.30.1 {@link BinaryLogFileReader} with its
 *       default deserializer (every event and row decoded; no CRC check);
 *   <li>{@code mariadbBinlog}: {@code mariadb-binlog --verify-binlog-checksum FILE > /dev/null}, an
 *       external process (its start included, about a millisecond).
 * </ul>
 *
 * The file is generated once into {@code tools/benchmarks/target/} and stays in the page cache, so
 * the figures are CPU throughput, not disk. Score: time per file; MB/s = file size / score.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 5)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"})
public class BinlogVerifyBenchmark {

  static final Path SOURCE = Path.of("tools/src/test/resources/binlog/mariadb-10.11-crc32.000002");

  @Param("512")
  public int sizeMiB;

  private Path file;
  private long events;

  @Setup(Level.Trial)
  public void generate() throws IOException {
    if (!Files.isRegularFile(SOURCE)) {
      throw new IllegalStateException(
          "run from the repository root (bench.sh does): no " + SOURCE.toAbsolutePath());
    }
    file =
        BinlogGenerator.ensure(
            SOURCE,
            Path.of("tools/benchmarks/target/bench-" + sizeMiB + "MiB.000002"),
            sizeMiB * 1024L * 1024L);
    BinlogVerdict v = BinlogTools.verdict(file);
    if (v.status() != BinlogVerdict.Status.OK) {
      throw new IllegalStateException("generated binlog does not verify: " + v);
    }
    events = v.events();
    System.out.printf(
        "%n%s: %d bytes, %d events, %d transactions%n",
        file, Files.size(file), events, v.transactions());
  }

  @Benchmark
  public BinlogVerdict lakeopsVerify() {
    BinlogVerdict v = BinlogTools.verdict(file);
    check(v.events());
    return v;
  }

  @Benchmark
  public long lakeopsReader() {
    Counter counter = new Counter();
    BinlogReader.read(file, counter);
    check(counter.events);
    return counter.events;
  }

  @Benchmark
  public long lakeopsRows() {
    RowCounter counter = new RowCounter();
    BinlogReader.read(file, counter);
    check(counter.events);
    if (counter.failures > 0 || counter.rows == 0) {
      throw new IllegalStateException(
          counter.failures + " rows events not decoded, " + counter.rows + " rows");
    }
    return counter.rows;
  }

  @Benchmark
  public long connector() throws IOException {
    long n = 0;
    try (BinaryLogFileReader reader = new BinaryLogFileReader(file.toFile())) {
      for (Event e = reader.readEvent(); e != null; e = reader.readEvent()) {
        n++;
      }
    }
    check(n);
    return n;
  }

  @Benchmark
  public int mariadbBinlog() throws IOException, InterruptedException {
    Process p =
        new ProcessBuilder("mariadb-binlog", "--verify-binlog-checksum", file.toString())
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    int exit = p.waitFor();
    if (exit != 0) {
      throw new IllegalStateException("mariadb-binlog exited " + exit + " on " + file);
    }
    return exit;
  }

  private void check(long seen) {
    if (seen != events) {
      throw new IllegalStateException("read " + seen + " events, expected " + events);
    }
  }

  /** Counts events; fails on damage. */
  static class Counter implements BinlogVisitor {
    long events;

    @Override
    public void start(String file, long length) {}

    @Override
    public void event(BinlogEvent event) {
      events++;
    }

    @Override
    public void damage(Damage damage) {
      throw new IllegalStateException("damage in a generated binlog: " + damage);
    }

    @Override
    public void end(int checksumAlg) {}
  }

  /** Counts events and decoded rows. */
  static final class RowCounter extends Counter implements RowsVisitor {
    long rows;
    long failures;

    @Override
    public void rows(RowsEvent event) {
      rows += event.rows().size();
    }

    @Override
    public void rowsFailure(RowsFailure failure) {
      failures++;
    }
  }
}
