package dev.lakeops.agent.incident;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileIncidentStoreTest {

  private static final Instant NOW = Instant.parse("2024-05-01T12:00:00Z");

  @TempDir
  Path dir;

  @Test
  void findsASavedIncidentByIdAndByDedupKey() {
    FileIncidentStore store = FileIncidentStore.open(dir);
    Incident incident = SampleIncidents.firing(NOW);

    store.save(incident);

    assertThat(store.find(incident.id())).contains(incident);
    assertThat(store.findByDedupKey(new DedupKey(incident.fingerprint(), incident.startsAt()))).contains(incident);
    assertThat(store.findByDedupKey(new DedupKey(incident.fingerprint(), incident.startsAt().plusSeconds(1)))).isEmpty();
    assertThat(store.find(IncidentId.next())).isEmpty();
  }

  @Test
  void survivesReopenWithTheWholeReport() {
    FileIncidentStore store = FileIncidentStore.open(dir);
    Incident triaged = SampleIncidents.firing(NOW).triaged(SampleIncidents.backpressureReport(NOW), NOW.plusSeconds(2));
    Incident failed = SampleIncidents.firing(NOW.plusSeconds(1)).failed("triage failed (IllegalStateException: boom)", NOW.plusSeconds(3));
    Incident noRunbook = SampleIncidents.firing(NOW.plusSeconds(2)).triaged(SampleIncidents.noRunbookReport(NOW), NOW.plusSeconds(3));
    store.save(triaged);
    store.save(failed);
    store.save(noRunbook);

    FileIncidentStore reopened = FileIncidentStore.open(dir);

    assertThat(reopened.list()).containsExactly(noRunbook, failed, triaged);
    assertThat(reopened.find(triaged.id()).orElseThrow().report().tools().get(0).findings().get(0).evidence())
        .containsEntry("busyMsPerSecond", "981");
    assertThat(reopened.findByDedupKey(triaged.dedupKey())).contains(triaged);
  }

  @Test
  void replacesTheSavedVersionOfAnIncident() {
    FileIncidentStore store = FileIncidentStore.open(dir);
    Incident incident = SampleIncidents.firing(NOW);
    store.save(incident);
    Incident resolved = incident.resolved(NOW.plusSeconds(60), NOW.plusSeconds(60));

    store.save(resolved);

    assertThat(FileIncidentStore.open(dir).list()).containsExactly(resolved);
    assertThat(dir).isDirectoryContaining(p -> p.getFileName().toString().equals(incident.id() + ".json"));
  }

  @Test
  void ignoresAndRemovesAHalfWrittenTemporaryFile() throws IOException {
    FileIncidentStore store = FileIncidentStore.open(dir);
    Incident kept = SampleIncidents.firing(NOW);
    store.save(kept);
    String unfinished = "{\n  \"id\" : \"" + IncidentId.next() + "\",\n  \"fingerprint\" : \"1a30";
    Path temp = dir.resolve(IncidentId.next() + ".json.tmp");
    Files.writeString(temp, unfinished, StandardCharsets.UTF_8);
    Files.writeString(dir.resolve(kept.id() + ".json.tmp"), unfinished, StandardCharsets.UTF_8);

    FileIncidentStore reopened = FileIncidentStore.open(dir);

    assertThat(reopened.list()).containsExactly(kept);
    assertThat(temp).doesNotExist();
  }

  @Test
  void skipsADamagedIncidentFileAndKeepsItForInspection() throws IOException {
    FileIncidentStore store = FileIncidentStore.open(dir);
    Incident kept = SampleIncidents.firing(NOW);
    store.save(kept);
    Path damaged = dir.resolve(IncidentId.next() + ".json");
    Files.writeString(damaged, "{\"id\":", StandardCharsets.UTF_8);

    FileIncidentStore reopened = FileIncidentStore.open(dir);

    assertThat(reopened.list()).containsExactly(kept);
    assertThat(damaged).exists();
  }

  @Test
  void leavesNoTemporaryFileAfterASave() {
    FileIncidentStore store = FileIncidentStore.open(dir);

    store.save(SampleIncidents.firing(NOW));

    assertThat(dir).isDirectoryNotContaining(p -> p.getFileName().toString().endsWith(".tmp"));
  }
}
