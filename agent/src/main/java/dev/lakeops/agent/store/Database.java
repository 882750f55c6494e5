package dev.lakeops.agent.store;

import dev.lakeops.agent.config.LakeopsConfig;
import io.agroal.api.AgroalDataSource;
import io.quarkus.agroal.DataSource.DataSourceLiteral;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import javax.sql.DataSource;

/**
 * The database lakeops keeps its state in, chosen by {@code lakeops.database.kind}: the Quarkus
 * datasource of that name (Flyway has migrated it at start-up).
 */
@ApplicationScoped
public class Database {

  private final DatabaseKind kind;
  private final DataSource dataSource;

  @Inject
  public Database(LakeopsConfig config, @Any Instance<AgroalDataSource> dataSources) {
    this.kind = DatabaseKind.parse(config.database().kind());
    this.dataSource = dataSources.select(new DataSourceLiteral(this.kind.configName())).get();
  }

  public DatabaseKind kind() {
    return kind;
  }

  public DataSource dataSource() {
    return dataSource;
  }
}
