package dev.lakeops.agent.incident;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.agent.store.StoreException;
import dev.lakeops.agent.store.TestDatabases;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JdbcIncidentStoreTest {

  private static final Instant NOW = Instant.parse("2024-05-01T12:00:00Z");

  @TempDir Path dir;

  @Test
  void findsAStoredIncidentByIdAndByDedupKey() {
    JdbcIncidentStore store = new JdbcIncidentStore(TestDatabases.h2(dir));
    Incident incident = SampleIncidents.firing(NOW);

    assertThat(store.insertIfNew(incident)).isEmpty();

    assertThat(store.find(incident.id())).contains(incident);
    assertThat(store.findByDedupKey(incident.dedupKey())).contains(incident);
    assertThat(
            store.findByDedupKey(
                new DedupKey(incident.fingerprint(), incident.startsAt().plusNanos(1000))))
        .isEmpty();
    assertThat(store.find(IncidentId.next())).isEmpty();
  }

  @Test
  void pagesNewestFirstWithAnOptionalStatusInTheQuery() {
    JdbcIncidentStore store = new JdbcIncidentStore(TestDatabases.h2(dir));
    List<Incident> all = new ArrayList<>();
    for (int n = 0; n < 7; n++) {
      Incident i = SampleIncidents.firing(NOW.plusSeconds(n));
      store.insertIfNew(i);
      if (n % 2 == 0) {
        store.update(i.id(), x -> x.failed("boom " + x.id(), NOW.plusSeconds(10)));
      }
      all.add(0, i);
    }
    List<String> newestFirst = all.stream().map(Incident::id).toList();

    assertThat(store.page(null, 0, 3))
        .extracting(Incident::id)
        .isEqualTo(newestFirst.subList(0, 3));
    assertThat(store.page(null, 3, 3))
        .extracting(Incident::id)
        .isEqualTo(newestFirst.subList(3, 6));
    assertThat(store.page(null, 6, 3))
        .extracting(Incident::id)
        .isEqualTo(newestFirst.subList(6, 7));
    assertThat(store.page(null, 7, 3)).isEmpty();
    // Received at seconds 6, 4, 2, 0 failed; 5, 3, 1 still triaging.
    assertThat(store.page(IncidentStatus.FAILED, 1, 2))
        .extracting(Incident::id)
        .containsExactly(newestFirst.get(2), newestFirst.get(4));
    assertThat(store.page(IncidentStatus.TRIAGING, 0, 10))
        .extracting(Incident::id)
        .containsExactly(newestFirst.get(1), newestFirst.get(3), newestFirst.get(5));
    assertThat(store.page(IncidentStatus.RESOLVED, 0, 10)).isEmpty();
  }

  @Test
  void refusesANegativeOffsetOrAnEmptyPage() {
    JdbcIncidentStore store = new JdbcIncidentStore(TestDatabases.h2(dir));
    assertThatThrownBy(() -> store.page(null, -1, 10))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("-1");
    assertThatThrownBy(() -> store.page(IncidentStatus.FAILED, 0, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("was 0");
  }

  @Test
  void survivesReopenWithTheWholeReportNewestFirst() {
    DataSource db = TestDatabases.h2(dir);
    JdbcIncidentStore store = new JdbcIncidentStore(db);
    Incident triaged = SampleIncidents.firing(NOW);
    Incident failed = SampleIncidents.firing(NOW.plusMillis(1500));
    Incident noRunbook = SampleIncidents.firing(NOW.plusSeconds(2));
    store.insertIfNew(triaged);
    store.insertIfNew(failed);
    store.insertIfNew(noRunbook);
    store.update(
        triaged.id(), i -> i.triaged(SampleIncidents.backpressureReport(NOW), NOW.plusSeconds(2)));
    store.update(
        failed.id(),
        i -> i.failed("triage failed (IllegalStateException: boom)", NOW.plusSeconds(3)));

    JdbcIncidentStore reopened = new JdbcIncidentStore(TestDatabases.h2(dir));

    assertThat(reopened.list(10))
        .extracting(Incident::id)
        .containsExactly(noRunbook.id(), failed.id(), triaged.id());
    assertThat(reopened.list(1)).extracting(Incident::id).containsExactly(noRunbook.id());
    assertThat(
            reopened
                .find(triaged.id())
                .orElseThrow()
                .report()
                .tools()
                .get(0)
                .findings()
                .get(0)
                .evidence())
        .containsEntry("busyMsPerSecond", "981");
    assertThat(reopened.withStatus(IncidentStatus.FAILED, 10))
        .extracting(Incident::id)
        .containsExactly(failed.id());
    assertThat(reopened.withStatus(IncidentStatus.TRIAGING, 10))
        .extracting(Incident::id)
        .containsExactly(noRunbook.id());
  }

  @Test
  void returnsTheStoredIncidentInsteadOfASecondOneForTheSameAlert() {
    JdbcIncidentStore store = new JdbcIncidentStore(TestDatabases.h2(dir));
    Incident first = SampleIncidents.firing(NOW);
    Incident sameAlert =
        new Incident(
            IncidentId.next(),
            first.fingerprint(),
            first.startsAt(),
            first.status(),
            first.alertStatus(),
            first.alertname(),
            first.labels(),
            first.annotations(),
            null,
            NOW.plusSeconds(1),
            null,
            NOW.plusSeconds(1),
            null,
            null);

    store.insertIfNew(first);

    assertThat(store.insertIfNew(sameAlert)).contains(first);
    assertThat(store.list(10)).containsExactly(first);
  }

  @Test
  void storesOneIncidentWhenManyThreadsInsertTheSameAlertAtOnce() throws Exception {
    DataSource db = TestDatabases.h2(dir);
    Incident template = SampleIncidents.firing(NOW);
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<Boolean>> inserted = new ArrayList<>();
      for (int i = 0; i < 32; i++) {
        Incident copy =
            new Incident(
                IncidentId.next(),
                template.fingerprint(),
                template.startsAt(),
                template.status(),
                template.alertStatus(),
                template.alertname(),
                template.labels(),
                template.annotations(),
                null,
                NOW,
                null,
                NOW,
                null,
                null);
        inserted.add(pool.submit(() -> new JdbcIncidentStore(db).insertIfNew(copy).isEmpty()));
      }
      long winners = 0;
      for (Future<Boolean> f : inserted) {
        winners += f.get() ? 1 : 0;
      }
      assertThat(winners).isEqualTo(1);
      assertThat(new JdbcIncidentStore(db).list(100)).hasSize(1);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void refusesAnUpdateThatChangesTheIdAndKeepsTheStoredVersion() {
    JdbcIncidentStore store = new JdbcIncidentStore(TestDatabases.h2(dir));
    Incident incident = SampleIncidents.firing(NOW);
    store.insertIfNew(incident);
    Incident other = SampleIncidents.firing(NOW.plusSeconds(5));

    assertThatThrownBy(() -> store.update(incident.id(), i -> other))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(incident.id());
    assertThat(store.find(incident.id())).contains(incident);
    assertThat(store.update(IncidentId.next(), i -> i)).isEmpty();
  }

  @Test
  void namesTheIncidentWhenItsStoredDocumentIsDamaged() throws Exception {
    DataSource db = TestDatabases.h2(dir);
    JdbcIncidentStore store = new JdbcIncidentStore(db);
    Incident incident = SampleIncidents.firing(NOW);
    store.insertIfNew(incident);
    try (Connection c = db.getConnection();
        Statement s = c.createStatement()) {
      s.executeUpdate("UPDATE incident SET doc = '{\"id\":' WHERE id = '" + incident.id() + "'");
    }

    assertThatThrownBy(() -> store.find(incident.id()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("Stored incident " + incident.id() + " is not readable");
  }

  @Test
  void reportsAnUnreachableDatabaseAsOneLineStoreError() {
    JdbcDataSource missing = new JdbcDataSource();
    missing.setURL("jdbc:h2:file:" + dir.resolve("none") + ";IFEXISTS=TRUE");
    JdbcIncidentStore store = new JdbcIncidentStore(missing);

    assertThatThrownBy(() -> store.list(5))
        .isInstanceOf(StoreException.class)
        .hasMessageStartingWith("Database error while trying to list incidents: ")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    assertThatThrownBy(() -> store.list(0)).isInstanceOf(IllegalArgumentException.class);
  }
}
