package dev.lakeops.eval.actions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.eval.kafka.SharedBroker;
import dev.lakeops.eval.sandbox.KafkaSandbox;
import dev.lakeops.runbooks.action.ActionKind;
import dev.lakeops.runbooks.approval.ApprovalRefusedException;
import dev.lakeops.runbooks.approval.ApprovalSource;
import dev.lakeops.runbooks.approval.ExecutionReport;
import dev.lakeops.runbooks.approval.Proposal;
import dev.lakeops.runbooks.approval.ProposalState;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.GroupState;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kafka.reset_offsets} through the approval gate against a real KRaft broker: an active
 * group is refused, an inactive group is reset and the dry-run deltas equal the result. The broker
 * is the one the Kafka suites share ({@link SharedBroker}); topic and groups here are its own.
 */
@ExtendWith(SharedBroker.class)
class KafkaOffsetResetIT {

  private static final String TOPIC = "reset-me";
  private static KafkaSandbox broker;
  private static Admin admin;

  @TempDir Path stateDir;

  @BeforeAll
  static void startBroker() throws Exception {
    broker = SharedBroker.broker();
    Properties props = new Properties();
    props.put("bootstrap.servers", broker.bootstrap());
    admin = Admin.create(props);
    admin.createTopics(List.of(new NewTopic(TOPIC, 3, (short) 1))).all().get(30, TimeUnit.SECONDS);
    try (KafkaProducer<String, String> producer =
        new KafkaProducer<>(
            Map.of(
                "bootstrap.servers",
                broker.bootstrap(),
                "key.serializer",
                StringSerializer.class.getName(),
                "value.serializer",
                StringSerializer.class.getName()))) {
      for (int p = 0; p < 3; p++) {
        for (int i = 0; i < 10 + p; i++) {
          producer.send(new ProducerRecord<>(TOPIC, p, "k" + i, "v" + i));
        }
      }
      producer.flush();
    }
  }

  @AfterAll
  static void closeAdmin() {
    if (admin != null) {
      admin.close(Duration.ofSeconds(5));
    }
  }

  private static void commit(String group, Map<Integer, Long> offsets) throws Exception {
    Map<TopicPartition, OffsetAndMetadata> request = new HashMap<>();
    offsets.forEach((p, o) -> request.put(new TopicPartition(TOPIC, p), new OffsetAndMetadata(o)));
    admin.alterConsumerGroupOffsets(group, request).all().get(30, TimeUnit.SECONDS);
  }

  private static Map<Integer, Long> committed(String group) throws Exception {
    Map<Integer, Long> out = new TreeMap<>();
    admin
        .listConsumerGroupOffsets(group)
        .partitionsToOffsetAndMetadata()
        .get(30, TimeUnit.SECONDS)
        .forEach((tp, om) -> out.put(tp.partition(), om.offset()));
    return out;
  }

  private static Map<String, String> args(String group, String... kv) {
    Map<String, String> m =
        new HashMap<>(Map.of("cluster", broker.bootstrap(), "group", group, "topic", TOPIC));
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return m;
  }

  @Test
  void resetsAnInactiveGroupToEarliestAsPreviewed() throws Exception {
    commit("inactive", Map.of(0, 7L, 1, 11L, 2, 12L));
    GateSetup g = new GateSetup(stateDir);

    Proposal p = g.propose(ActionKind.KAFKA_RESET_OFFSETS, args("inactive", "to", "earliest"));

    assertThat(p.preview().items("offsets"))
        .containsExactly(
            "reset-me-0: 7 → 0 (-7)", "reset-me-1: 11 → 0 (-11)", "reset-me-2: 12 → 0 (-12)");
    assertThat(p.fingerprint().values())
        .containsEntry("group state", "Empty")
        .containsEntry("offset reset-me-1", "11");
    assertThat(committed("inactive")).containsEntry(0, 7L);

    ExecutionReport r = g.approveAndExecute(p);

    assertThat(r.state()).isEqualTo(ProposalState.DONE);
    assertThat(r.outcome().items("offsets")).isEqualTo(p.preview().items("offsets"));
    assertThat(r.verification().passed()).as(r.verification().checks().toString()).isTrue();
    assertThat(committed("inactive"))
        .containsExactly(Map.entry(0, 0L), Map.entry(1, 0L), Map.entry(2, 0L));
    assertThat(g.audit.verifyChain().intact()).isTrue();
  }

  @Test
  void resetsChosenPartitionsToExplicitOffsets() throws Exception {
    commit("explicit", Map.of(0, 1L, 1, 1L, 2, 1L));
    GateSetup g = new GateSetup(stateDir);

    Proposal p =
        g.propose(
            ActionKind.KAFKA_RESET_OFFSETS, args("explicit", "to", "offset", "offset", "0:5,2:12"));
    ExecutionReport r = g.approveAndExecute(p);

    assertThat(p.preview().items("offsets"))
        .containsExactly("reset-me-0: 1 → 5 (+4)", "reset-me-2: 1 → 12 (+11)");
    assertThat(r.outcome().items("offsets")).isEqualTo(p.preview().items("offsets"));
    assertThat(committed("explicit"))
        .containsExactly(Map.entry(0, 5L), Map.entry(1, 1L), Map.entry(2, 12L));
  }

  @Test
  void refusesAnOffsetOutsideThePartition() throws Exception {
    commit("outside", Map.of(0, 1L));
    GateSetup g = new GateSetup(stateDir);

    assertThatThrownBy(
            () ->
                g.propose(
                    ActionKind.KAFKA_RESET_OFFSETS,
                    args("outside", "to", "offset", "offset", "0:500")))
        .isInstanceOf(ApprovalRefusedException.class)
        .hasMessageContaining("Offset 500 is outside partition reset-me-0 (offsets 0..10)");
  }

  @Test
  void refusesAnActiveGroupAtProposalAndAtExecution() throws Exception {
    commit("active", Map.of(0, 3L, 1, 3L, 2, 3L));
    GateSetup g = new GateSetup(stateDir);
    Proposal whileInactive =
        g.propose(ActionKind.KAFKA_RESET_OFFSETS, args("active", "to", "latest"));
    g.gate.approve(whileInactive.id(), "alice", ApprovalSource.cli("it"));
    g.gate.approve(whileInactive.id(), "bob", ApprovalSource.cli("it"));

    AtomicBoolean stop = new AtomicBoolean();
    Thread member =
        new Thread(
            () -> {
              try (KafkaConsumer<String, String> c =
                  new KafkaConsumer<>(
                      Map.of(
                          "bootstrap.servers",
                          broker.bootstrap(),
                          "group.id",
                          "active",
                          "enable.auto.commit",
                          "false",
                          "key.deserializer",
                          StringDeserializer.class.getName(),
                          "value.deserializer",
                          StringDeserializer.class.getName()))) {
                c.subscribe(List.of(TOPIC));
                while (!stop.get()) {
                  c.poll(Duration.ofMillis(100));
                }
              }
            },
            "active-member");
    member.start();
    try {
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (admin
              .describeConsumerGroups(List.of("active"))
              .all()
              .get(10, TimeUnit.SECONDS)
              .get("active")
              .groupState()
          != GroupState.STABLE) {
        assertThat(System.nanoTime())
            .as("group 'active' did not become Stable within 60 s")
            .isLessThan(deadline);
        Thread.sleep(200);
      }

      assertThatThrownBy(
              () -> g.propose(ActionKind.KAFKA_RESET_OFFSETS, args("active", "to", "earliest")))
          .isInstanceOf(ApprovalRefusedException.class)
          .hasMessageContaining("Consumer group active is Stable with 1 members");
      assertThatThrownBy(() -> g.gate.execute(whileInactive.id(), "carol"))
          .isInstanceOf(ApprovalRefusedException.class)
          .hasMessageContaining("state changed since proposal")
          .hasMessageContaining("group state Empty → Stable");
      assertThat(committed("active"))
          .containsEntry(0, 3L)
          .containsEntry(1, 3L)
          .containsEntry(2, 3L);
    } finally {
      stop.set(true);
      member.join(30_000);
    }
  }
}
