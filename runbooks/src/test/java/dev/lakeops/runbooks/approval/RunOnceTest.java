package dev.lakeops.runbooks.approval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.runbooks.action.ActionKind;
import dev.lakeops.runbooks.action.TestTables;
import dev.lakeops.runbooks.audit.AuditEvent;
import dev.lakeops.table.Table;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Of several executors of one approved proposal, exactly one runs it: threads, and separate JVMs.
 */
class RunOnceTest {

  @TempDir Path dir;

  private Proposal approvedRollbackAsLatest(GateFixture f, Table t) {
    Proposal p =
        f.gate.propose(
            ProposalRequest.of(
                ActionKind.TABLE_ROLLBACK_TO_AS_LATEST,
                Map.of("table", t.paths().root().toString(), "snapshot", "1"),
                "agent"));
    f.gate.approve(p.id(), "alice", ApprovalSource.cli("test"));
    return p;
  }

  @Test
  void twoThreadsExecutingOneProposalRunItOnce() throws Exception {
    GateFixture f = new GateFixture(dir.resolve("state"));
    Table t = TestTables.orders(dir.resolve("wh"), 3);
    Proposal p = approvedRollbackAsLatest(f, t);
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(4);
    List<Future<String>> results = new ArrayList<>();
    try {
      for (int i = 0; i < 4; i++) {
        GateFixture own = new GateFixture(dir.resolve("state"));
        results.add(
            pool.submit(
                () -> {
                  start.await();
                  try {
                    return "RAN " + own.gate.execute(p.id(), "carol").state();
                  } catch (ApprovalRefusedException e) {
                    return "REFUSED: " + e.getMessage();
                  }
                }));
      }
      start.countDown();
      List<String> outcomes = new ArrayList<>();
      for (Future<String> r : results) {
        outcomes.add(r.get(60, TimeUnit.SECONDS));
      }
      assertThat(outcomes).filteredOn(o -> o.startsWith("RAN")).containsExactly("RAN DONE");
      assertThat(outcomes).filteredOn(o -> o.startsWith("REFUSED")).hasSize(3);
    } finally {
      pool.shutdownNow();
    }
    assertThat(t.latestSnapshot().orElseThrow().id()).isEqualTo(4);
    assertThat(f.records(AuditEvent.EXECUTED)).hasSize(1);
    assertThat(f.audit.verifyChain().intact()).isTrue();
  }

  @Test
  void twoProcessesExecutingOneProposalRunItOnce() throws Exception {
    GateFixture f = new GateFixture(dir.resolve("state"));
    Table t = TestTables.orders(dir.resolve("wh"), 3);
    Proposal p = approvedRollbackAsLatest(f, t);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<Process> processes = new ArrayList<>();
    try {
      for (int i = 0; i < 2; i++) {
        processes.add(
            new ProcessBuilder(
                    java,
                    "-cp",
                    System.getProperty("java.class.path"),
                    ConcurrentExecution.class.getName(),
                    dir.resolve("state").toString(),
                    p.id())
                .redirectErrorStream(true)
                .start());
      }
      List<String> outcomes = new ArrayList<>();
      for (Process proc : processes) {
        assertThat(proc.waitFor(120, TimeUnit.SECONDS)).isTrue();
        try (BufferedReader r =
            new BufferedReader(
                new InputStreamReader(proc.getInputStream(), StandardCharsets.UTF_8))) {
          r.lines()
              .filter(l -> l.startsWith("RAN") || l.startsWith("REFUSED"))
              .forEach(outcomes::add);
        }
      }
      assertThat(outcomes).hasSize(2);
      assertThat(outcomes).filteredOn(o -> o.startsWith("RAN")).containsExactly("RAN DONE");
      assertThat(outcomes)
          .filteredOn(o -> o.startsWith("REFUSED"))
          .singleElement()
          .asString()
          .satisfiesAnyOf(
              s -> assertThat(s).contains("already executed"),
              s -> assertThat(s).contains("could not be claimed"));
    } finally {
      processes.forEach(Process::destroyForcibly);
    }
    assertThat(t.latestSnapshot().orElseThrow().id()).isEqualTo(4);
    assertThat(f.records(AuditEvent.EXECUTED)).hasSize(1);
    assertThat(f.audit.verifyChain().intact()).isTrue();
  }
}
