package dev.lakeops.agent.incident;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.agent.store.StoreException;
import dev.lakeops.agent.store.StoredSamples;
import dev.lakeops.agent.store.TestDatabases;
import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.route.AlertExamples;
import dev.lakeops.runbooks.route.TextSimilarity;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Past incidents route alerts like them to the runbook that found their fault. */
class IncidentExamplesTest {

  @TempDir Path dir;

  @Test
  void anAlertOfAPastFaultsRuleMatchesItsRunbookAndHealthyOrFailedTriagesTeachNothing() {
    JdbcIncidentStore store = new JdbcIncidentStore(TestDatabases.h2(dir));
    store.insertIfNew(StoredSamples.backpressure());
    store.insertIfNew(StoredSamples.grafanaValues());
    store.insertIfNew(StoredSamples.failed());
    IncidentExamples examples = new IncidentExamples(store, TextSimilarity.NONE, 0.45);

    List<AlertExamples.Match> backpressured =
        examples.like(
            new AlertSignal(
                Map.of("alertname", "FlinkJobBackpressured", "job_name", "orders-to-lake"),
                Map.of()));
    List<AlertExamples.Match> lag =
        examples.like(
            new AlertSignal(
                Map.of("alertname", "OrdersSinkLag", "consumergroup", "orders-sink"), Map.of()));

    assertThat(examples.examples())
        .extracting(e -> e.id())
        .containsExactly(StoredSamples.backpressure().id());
    assertThat(backpressured).hasSize(1);
    assertThat(backpressured.get(0).example().runbook()).isEqualTo("flink-backpressure");
    assertThat(backpressured.get(0).similarity()).isEqualTo(1.0);
    assertThat(lag).isEmpty();
  }

  @Test
  void aStoreThatCannotBeReadGivesNoExamplesInsteadOfFailingTheTriage() {
    IncidentStore broken =
        (IncidentStore)
            Proxy.newProxyInstance(
                IncidentStore.class.getClassLoader(),
                new Class<?>[] {IncidentStore.class},
                (proxy, method, args) -> {
                  throw new StoreException(
                      "Failed to read incidents", new SQLException("connection refused"));
                });

    List<AlertExamples.Match> matches =
        new IncidentExamples(broken, TextSimilarity.NONE, 0.45)
            .like(new AlertSignal(Map.of("alertname", "FlinkJobBackpressured"), Map.of()));

    assertThat(matches).isEmpty();
  }
}
