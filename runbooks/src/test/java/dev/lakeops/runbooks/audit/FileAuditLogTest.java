package dev.lakeops.runbooks.audit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileAuditLogTest {

  @TempDir Path dir;

  private static AuditEntry entry(int i) {
    return AuditEntry.of(AuditEvent.PROPOSED, "alice", "p" + i, "table.create_tag", "proposed " + i)
        .withEvidence(List.of("finding-" + i))
        .withBefore(Map.of("latest snapshot", "" + i))
        .withDetails(Map.of("arg.tag", "t" + i));
  }

  @Test
  void appendsAChainThatVerifies() {
    FileAuditLog log = new FileAuditLog(dir.resolve("audit.jsonl"), Clock.systemUTC());
    AuditRecord first = log.append(entry(1));
    AuditRecord second = log.append(entry(2));

    assertThat(first.seq()).isEqualTo(1);
    assertThat(first.previousHash()).isEqualTo(AuditRecord.GENESIS);
    assertThat(second.previousHash()).isEqualTo(first.hash());
    assertThat(log.verifyChain().intact()).isTrue();
    assertThat(log.verifyChain().records()).isEqualTo(2);
    assertThat(log.read(Instant.EPOCH))
        .extracting(AuditRecord::entry)
        .containsExactly(entry(1), entry(2));
  }

  @Test
  void namesTheFirstModifiedRecord() throws Exception {
    Path file = dir.resolve("audit.jsonl");
    FileAuditLog log = new FileAuditLog(file, Clock.systemUTC());
    for (int i = 1; i <= 4; i++) {
      log.append(entry(i));
    }
    List<String> lines = new ArrayList<>(Files.readAllLines(file, StandardCharsets.UTF_8));
    lines.set(2, lines.get(2).replace("\"alice\"", "\"mallory\""));
    Files.write(file, lines, StandardCharsets.UTF_8);

    ChainVerification check = log.verifyChain();

    assertThat(check.intact()).isFalse();
    assertThat(check.firstBroken()).hasValue(3);
    assertThat(check.problem()).contains("record 3 (line 3) was modified");
  }

  @Test
  void namesARemovedRecord() throws Exception {
    Path file = dir.resolve("audit.jsonl");
    FileAuditLog log = new FileAuditLog(file, Clock.systemUTC());
    for (int i = 1; i <= 3; i++) {
      log.append(entry(i));
    }
    List<String> lines = new ArrayList<>(Files.readAllLines(file, StandardCharsets.UTF_8));
    lines.remove(1);
    Files.write(file, lines, StandardCharsets.UTF_8);

    ChainVerification check = log.verifyChain();

    assertThat(check.firstBroken()).hasValue(2);
    assertThat(check.problem()).contains("seq 3, expected 2");
  }

  @Test
  void readsSinceATime() {
    Instant t0 = Instant.parse("2026-01-01T00:00:00Z");
    FileAuditLog early = new FileAuditLog(dir.resolve("a.jsonl"), Clock.fixed(t0, ZoneOffset.UTC));
    early.append(entry(1));
    FileAuditLog late =
        new FileAuditLog(dir.resolve("a.jsonl"), Clock.fixed(t0.plusSeconds(3600), ZoneOffset.UTC));
    late.append(entry(2));

    assertThat(late.read(t0.plusSeconds(60)))
        .extracting(r -> r.entry().proposalId())
        .containsExactly("p2");
    assertThat(late.read(t0)).hasSize(2);
    assertThat(late.verifyChain().intact()).isTrue();
  }

  @Test
  void concurrentAppendersKeepTheChain() throws Exception {
    FileAuditLog log = new FileAuditLog(dir.resolve("audit.jsonl"), Clock.systemUTC());
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<AuditRecord>> futures = new ArrayList<>();
      for (int i = 0; i < 40; i++) {
        int n = i;
        futures.add(
            pool.submit(
                () ->
                    new FileAuditLog(dir.resolve("audit.jsonl"), Clock.systemUTC())
                        .append(entry(n))));
      }
      for (Future<AuditRecord> fu : futures) {
        fu.get();
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(log.verifyChain().intact()).isTrue();
    assertThat(log.verifyChain().records()).isEqualTo(40);
  }

  @Test
  void emptyLogIsIntact() {
    FileAuditLog log = new FileAuditLog(dir.resolve("none.jsonl"), Clock.systemUTC());
    assertThat(log.verifyChain().intact()).isTrue();
    assertThat(log.read(Instant.EPOCH)).isEmpty();
  }
}
