package dev.lakeops.agent.scheduler;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.agent.incident.Incident;
import dev.lakeops.agent.incident.JdbcIncidentStore;
import dev.lakeops.agent.store.TestDatabases;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IncidentRetentionTest {

  private static final Instant NOW = Instant.parse("2024-06-01T00:00:00Z");

  @TempDir
  Path dir;

  @Test
  void deletesFinishedIncidentsPastTheCutoffAndKeepsRunningAndRecentOnes() {
    JdbcIncidentStore store = new JdbcIncidentStore(TestDatabases.h2(dir));
    Incident oldDone = dev.lakeops.agent.incident.SampleIncidents.firing(NOW.minusSeconds(40L * 86400)).failed("x", NOW);
    Incident oldRunning = dev.lakeops.agent.incident.SampleIncidents.firing(NOW.minusSeconds(41L * 86400));
    Incident recentDone = dev.lakeops.agent.incident.SampleIncidents.firing(NOW.minusSeconds(86400)).failed("y", NOW);
    store.insertIfNew(oldDone);
    store.insertIfNew(oldRunning);
    store.insertIfNew(recentDone);

    int deleted = store.deleteFinishedReceivedBefore(NOW.minusSeconds(30L * 86400));

    assertThat(deleted).isEqualTo(1);
    assertThat(store.list(10)).extracting(Incident::id).containsExactly(recentDone.id(), oldRunning.id());
  }
}
