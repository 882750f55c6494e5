package dev.lakeops.agent.incident;

import dev.lakeops.agent.config.LakeopsConfig;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.nio.file.Path;

/** Makes the incident store a bean: files under {@code <lakeops.data-dir>/incidents}. */
@Dependent
public class IncidentStoreProducer {

  @Produces
  @Singleton
  IncidentStore incidentStore(LakeopsConfig config) {
    return FileIncidentStore.open(Path.of(config.dataDir()).resolve("incidents"));
  }
}
