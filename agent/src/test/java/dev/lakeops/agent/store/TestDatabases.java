package dev.lakeops.agent.store;

import java.nio.file.Path;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.h2.jdbcx.JdbcDataSource;

/** Real databases for tests that do not start Quarkus: an H2 file database migrated by Flyway. */
public final class TestDatabases {

  private TestDatabases() {}

  /** A fresh H2 file database under {@code dir}, with the application's settings and migrations. */
  public static DataSource h2(Path dir) {
    DataSource dataSource = h2Instance(dir);
    Flyway.configure().dataSource(dataSource).locations("classpath:db/migration").load().migrate();
    return dataSource;
  }

  /**
   * Another data source on the database under {@code dir} (made by {@link #h2}), as a second
   * lakeops instance sharing it has; no migration.
   */
  public static DataSource h2Instance(Path dir) {
    JdbcDataSource dataSource = new JdbcDataSource();
    dataSource.setURL(
        "jdbc:h2:file:"
            + dir.resolve("lakeops").toAbsolutePath()
            + DatabaseKindInterceptor.H2_SETTINGS);
    dataSource.setUser("lakeops");
    dataSource.setPassword("");
    return dataSource;
  }
}
