package dev.lakeops.agent.llm;

import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.DeterministicPlanner;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.flink.FlinkBackpressureRunbook;
import dev.lakeops.tools.binlog.BinlogTools;
import dev.lakeops.tools.flink.BackpressureAnalyzer;
import dev.lakeops.tools.flink.FlinkJobProbe;
import dev.lakeops.tools.flink.FlinkRestClient;
import dev.lakeops.tools.flink.FlinkTools;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** Real tools whose targets are real (binlog files) or fail fast (Flink on a port where nothing listens). */
final class LlmFixtures {

  /** Nothing listens on port 1: every Flink call fails at once with "connection refused". */
  static final String CLOSED_FLINK = "http://127.0.0.1:1";

  private LlmFixtures() {}

  static FlinkTools unreachableFlink() {
    return new FlinkTools(new FlinkJobProbe(new FlinkRestClient(CLOSED_FLINK, Duration.ofSeconds(1))), new BackpressureAnalyzer());
  }

  static ExecutorService threads() {
    return Executors.newCachedThreadPool(r -> {
      Thread t = new Thread(r, "llm-test");
      t.setDaemon(true);
      return t;
    });
  }

  static LlmToolbox toolbox(ProposalPort proposals, ExecutorService threads) {
    return LlmToolbox.builder(proposals, threads).add(unreachableFlink()).add(new BinlogTools()).build();
  }

  /** The real deterministic triage of a backpressure alert against the unreachable cluster: PROBE_FAILED. */
  static TriageReport deterministicReport(Map<String, String> annotations) {
    AlertSignal alert = new AlertSignal(Map.of("alertname", "FlinkJobBackpressured", "job_name", "orders-to-lake"), annotations);
    DeterministicPlanner planner = new DeterministicPlanner(List.of(new FlinkBackpressureRunbook(unreachableFlink(), Clock.systemUTC())), Clock.systemUTC());
    return planner.triage(alert);
  }

  /** A copy of a recorded binlog fixture in {@code dir}. */
  static Path binlog(Path dir, String name) {
    try (InputStream in = LlmFixtures.class.getResourceAsStream("/llm/binlog/" + name)) {
      Path copy = dir.resolve(name);
      Files.copy(in, copy);
      return copy;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A copy of the CRC32 fixture with one byte flipped inside the event at 1961 (UPDATE_ROWS of GTID 0-1-6). */
  static Path damagedBinlog(Path dir) {
    Path file = binlog(dir, "mariadb-10.11-crc32.000002");
    try {
      byte[] bytes = Files.readAllBytes(file);
      bytes[2000] ^= 0x5a;
      Files.write(file, bytes);
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String json(String path) {
    return "{\"path\":\"" + path.replace("\\", "\\\\") + "\"}";
  }
}
