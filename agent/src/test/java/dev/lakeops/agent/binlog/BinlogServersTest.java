package dev.lakeops.agent.binlog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.tools.binlog.live.BinlogServerConnection;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code lakeops.binlog.servers.<name>.*} binds named read-only connections; a bad one is named at
 * start.
 */
class BinlogServersTest {

  @Test
  void bindsNamedServersWithoutShowingTheirPasswords() {
    Map<String, BinlogServerConnection> servers =
        BinlogServers.from(
            load(
                Map.of(
                    "lakeops.binlog.servers.orders-primary.jdbc-url", "jdbc:mariadb://db-1:3306/",
                    "lakeops.binlog.servers.orders-primary.user", "lakeops_ro",
                    "lakeops.binlog.servers.orders-primary.password", "s3cret",
                    "lakeops.binlog.servers.replica.jdbc-url", "jdbc:mysql://db-2:3306/",
                    "lakeops.binlog.servers.replica.user", "monitor")));

    assertThat(servers).containsOnlyKeys("orders-primary", "replica");
    assertThat(servers.get("orders-primary").password()).isEqualTo("s3cret");
    assertThat(servers.get("orders-primary").toString()).doesNotContain("s3cret");
    assertThat(servers.get("replica").password()).isEmpty();
  }

  @Test
  void noServersByDefault() {
    assertThat(BinlogServers.from(load(Map.of()))).isEmpty();
  }

  @Test
  void aServerWithAnUnsupportedUrlIsNamedByItsKey() {
    assertThatThrownBy(
            () ->
                BinlogServers.from(
                    load(
                        Map.of(
                            "lakeops.binlog.servers.pg.jdbc-url", "jdbc:postgresql://db:5432/x",
                            "lakeops.binlog.servers.pg.user", "u"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("lakeops.binlog.servers.pg: ")
        .hasMessageContaining("jdbc:mariadb://");
  }

  @Test
  void aServerWithAnEmptyUserIsNamedByItsKey() {
    assertThatThrownBy(
            () ->
                BinlogServers.from(
                    load(
                        Map.of(
                            "lakeops.binlog.servers.a.jdbc-url", "jdbc:mariadb://db:3306/",
                            "lakeops.binlog.servers.a.user", " "))))
        .hasMessage("lakeops.binlog.servers.a: user is empty");
  }

  private static BinlogServersConfig load(Map<String, String> properties) {
    Map<String, String> all = new HashMap<>(properties);
    all.put("lakeops.binlog.timeout", "PT10S");
    return new SmallRyeConfigBuilder()
        .withMapping(BinlogServersConfig.class)
        .withSources(new PropertiesConfigSource(all, "test", 100))
        .build()
        .getConfigMapping(BinlogServersConfig.class);
  }
}
