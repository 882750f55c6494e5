package dev.lakeops.agent.triage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.agent.RecordedEvents;
import dev.lakeops.agent.alert.AlertStatus;
import dev.lakeops.agent.config.LakeopsConfig;
import dev.lakeops.agent.incident.AlertReceived;
import dev.lakeops.agent.incident.Incident;
import dev.lakeops.agent.incident.IncidentId;
import dev.lakeops.agent.incident.IncidentStatus;
import dev.lakeops.agent.incident.IncidentStore;
import dev.lakeops.agent.incident.IncidentTriaged;
import dev.lakeops.agent.incident.Incidents;
import dev.lakeops.agent.incident.JdbcIncidentStore;
import dev.lakeops.agent.store.TestDatabases;
import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.Runbook;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.plan.DeterministicPlanner;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TriageWorkerTest {

  private static final Instant NOW = Instant.parse("2024-05-01T12:00:00Z");

  @TempDir Path dir;

  private final RecordedEvents<IncidentTriaged> triaged = new RecordedEvents<>();
  private TriageWorker worker;

  @AfterEach
  void stopWorker() {
    if (worker != null) {
      worker.stop();
    }
  }

  @Test
  void resumesTheTriageOfIncidentsLeftTriagingByAnEarlierRun() {
    IncidentStore store = new JdbcIncidentStore(TestDatabases.h2(dir));
    Incident unfinished = triaging("DiskFull");
    store.insertIfNew(unfinished);
    Incidents incidents =
        new Incidents(new JdbcIncidentStore(TestDatabases.h2(dir)), Clock.systemUTC());
    worker = worker(new DeterministicPlanner(List.of(), Clock.systemUTC()), incidents);

    worker.resumeUnfinished(null);

    Incident done = awaitTriage(incidents, unfinished.id());
    assertThat(done.status()).isEqualTo(IncidentStatus.TRIAGED);
    assertThat(done.report().verdict().category()).isEqualTo(Category.NO_RUNBOOK);
    assertThat(awaitFired(1)).containsExactly(new IncidentTriaged(done));
  }

  @Test
  void marksTheIncidentFailedWithOneLineWhenTheTriageThrows() {
    IncidentStore store = new JdbcIncidentStore(TestDatabases.h2(dir));
    Incident incident = triaging("FlinkJobBackpressured");
    store.insertIfNew(incident);
    Incidents incidents = new Incidents(store, Clock.systemUTC());
    worker =
        worker(
            new DeterministicPlanner(List.of(new BrokenRunbook()), Clock.systemUTC()), incidents);

    worker.submit(incident.id());

    Incident failed = awaitTriage(incidents, incident.id());
    assertThat(failed.status()).isEqualTo(IncidentStatus.FAILED);
    assertThat(failed.error())
        .isEqualTo("triage failed (IllegalStateException: runbook broke on line 1 at step 2)");
    assertThat(failed.report()).isNull();
    assertThat(awaitFired(1)).containsExactly(new IncidentTriaged(failed));
  }

  @Test
  void leavesAnIncidentThatIsNoLongerTriagingAlone() {
    IncidentStore store = new JdbcIncidentStore(TestDatabases.h2(dir));
    Incident failed = triaging("DiskFull").failed("triage failed (earlier)", NOW);
    store.insertIfNew(failed);
    Incidents incidents = new Incidents(store, Clock.systemUTC());
    worker = worker(new DeterministicPlanner(List.of(), Clock.systemUTC()), incidents);

    Incident next = triaging("DiskFull");
    store.insertIfNew(next);

    worker.submit(failed.id());
    worker.submit(next.id());

    assertThat(awaitTriage(incidents, next.id()).status()).isEqualTo(IncidentStatus.TRIAGED);
    assertThat(incidents.find(failed.id())).contains(failed);
    assertThat(awaitFired(1)).extracting(e -> e.incident().id()).containsExactly(next.id());
  }

  @Test
  void queuesTheTriageOfANewFiringAlertButNotOfARepeat() {
    IncidentStore store = new JdbcIncidentStore(TestDatabases.h2(dir));
    Incident repeat = triaging("DiskFull");
    Incident fresh = triaging("DiskFull");
    store.insertIfNew(repeat);
    store.insertIfNew(fresh);
    Incidents incidents = new Incidents(store, Clock.systemUTC());
    worker = worker(new DeterministicPlanner(List.of(), Clock.systemUTC()), incidents);

    worker.onAlert(new AlertReceived(repeat, true, "alertmanager"));
    worker.onAlert(new AlertReceived(fresh, false, "alertmanager"));

    assertThat(awaitTriage(incidents, fresh.id()).status()).isEqualTo(IncidentStatus.TRIAGED);
    assertThat(awaitFired(1)).extracting(e -> e.incident().id()).containsExactly(fresh.id());
    assertThat(incidents.find(repeat.id()).orElseThrow().status())
        .isEqualTo(IncidentStatus.TRIAGING);
  }

  private TriageWorker worker(DeterministicPlanner planner, Incidents incidents) {
    return new TriageWorker(
        new IncidentTriage(planner),
        new TriageRecorder(incidents, triaged, Clock.systemUTC()),
        incidents,
        config());
  }

  /** The events fired once {@code count} of them were, or after ten seconds. */
  private List<IncidentTriaged> awaitFired(int count) {
    Instant deadline = Instant.now().plus(Duration.ofSeconds(10));
    while (triaged.fired().size() < count && Instant.now().isBefore(deadline)) {
      Thread.onSpinWait();
    }
    return triaged.fired();
  }

  private static int alerts;

  private static Incident triaging(String alertname) {
    // Each call is another alert: its own start, so the store's dedup key tells them apart.
    return new Incident(
        IncidentId.next(),
        "1a30ba71cca2921f",
        NOW.plusSeconds(alerts++),
        IncidentStatus.TRIAGING,
        AlertStatus.FIRING,
        alertname,
        Map.of("alertname", alertname),
        Map.of(),
        null,
        NOW,
        null,
        NOW,
        null,
        null);
  }

  private static Incident awaitTriage(Incidents incidents, String id) {
    Instant deadline = Instant.now().plus(Duration.ofSeconds(10));
    while (true) {
      Incident incident = incidents.find(id).orElseThrow();
      if (incident.status() != IncidentStatus.TRIAGING || Instant.now().isAfter(deadline)) {
        return incident;
      }
      Thread.onSpinWait();
    }
  }

  /** A runbook that fits every alert and breaks while it runs. */
  private static final class BrokenRunbook implements Runbook {
    @Override
    public String id() {
      return "broken";
    }

    @Override
    public Match match(AlertSignal alert) {
      return Match.LABEL;
    }

    @Override
    public TriageReport run(AlertSignal alert) {
      throw new IllegalStateException("runbook broke\non line 1\n\tat step 2");
    }
  }

  private static LakeopsConfig config() {
    return new LakeopsConfig() {
      @Override
      public Flink flink() {
        throw new UnsupportedOperationException("not used by the worker");
      }

      @Override
      public Triage triage() {
        return () -> 1;
      }

      @Override
      public String dataDir() {
        return "unused";
      }

      @Override
      public Kafka kafka() {
        throw new UnsupportedOperationException("not used by the worker");
      }

      @Override
      public Database database() {
        throw new UnsupportedOperationException("not used by the worker");
      }

      @Override
      public Webhook webhook() {
        throw new UnsupportedOperationException("not used by the worker");
      }

      @Override
      public Watch watch() {
        throw new UnsupportedOperationException("not used by the worker");
      }

      @Override
      public Retention retention() {
        throw new UnsupportedOperationException("not used by the worker");
      }

      @Override
      public Map<String, ApproverProfile> approvers() {
        throw new UnsupportedOperationException("not used by the worker");
      }

      @Override
      public Approval approval() {
        throw new UnsupportedOperationException("not used by the worker");
      }

      @Override
      public Tables tables() {
        throw new UnsupportedOperationException("not used by the worker");
      }
    };
  }
}
