package dev.lakeops.agent.app;

import dev.lakeops.agent.incident.IncidentStore;
import dev.lakeops.agent.incident.JdbcIncidentStore;
import dev.lakeops.agent.store.Database;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** Makes the incident store a bean: the {@code incident} table of the configured database. */
@Dependent
public class IncidentStoreProducer {

  @Produces
  @Singleton
  IncidentStore incidentStore(Database database) {
    return new JdbcIncidentStore(database.dataSource());
  }
}
