package dev.lakeops.tools.kafka;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/** Recorded lag windows from {@code src/test/resources/kafka/} (see the README there). */
final class Fixtures {

  private Fixtures() {}

  static List<KafkaLagSnapshot> window(String name) {
    try (InputStream in = Fixtures.class.getResourceAsStream("/kafka/" + name + ".json")) {
      if (in == null) {
        throw new IllegalArgumentException("No fixture kafka/" + name + ".json");
      }
      return Json.mapper().readValue(in, new TypeReference<List<KafkaLagSnapshot>>() {});
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to read fixture " + name, e);
    }
  }

  static KafkaLagSnapshot latest(String name) {
    List<KafkaLagSnapshot> window = window(name);
    return window.get(window.size() - 1);
  }

  static List<String> codes(List<Finding> findings) {
    return findings.stream().map(Finding::code).toList();
  }

  static Finding only(List<Finding> findings, String code) {
    List<Finding> found = findings.stream().filter(f -> f.code().equals(code)).toList();
    if (found.size() != 1) {
      throw new AssertionError("expected one " + code + " in " + codes(findings));
    }
    return found.get(0);
  }

  /** The same snapshot with its groups' members removed. */
  static KafkaLagSnapshot withoutMembers(KafkaLagSnapshot s) {
    List<ConsumerGroup> groups =
        s.groups().stream()
            .map(g -> new ConsumerGroup(g.groupId(), "Empty", g.type(), "", List.of(), g.offsets()))
            .toList();
    return new KafkaLagSnapshot(
        s.cluster(),
        s.bootstrap(),
        s.capturedAt(),
        groups,
        s.partitions(),
        s.topics(),
        s.records(),
        s.openTransactions(),
        s.errors(),
        s.queries());
  }

  /** The same snapshot without the records read at committed offsets. */
  static KafkaLagSnapshot withoutRecords(KafkaLagSnapshot s) {
    return new KafkaLagSnapshot(
        s.cluster(),
        s.bootstrap(),
        s.capturedAt(),
        s.groups(),
        s.partitions(),
        s.topics(),
        List.of(),
        s.openTransactions(),
        s.errors(),
        s.queries());
  }
}
