package dev.lakeops.cli.flink;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FlinkClusterProfilesTest {

  @TempDir Path dir;

  @Test
  void readsTheDefaultAndTheNamedClustersWithTheAgentsKeys() throws IOException {
    Files.createDirectories(dir.resolve("config"));
    Files.writeString(
        dir.resolve("config/application.properties"),
        String.join(
            "\n",
            "lakeops.flink.rest-url=http://jm-default:8081",
            "lakeops.flink.clusters.eu.rest-url = http://jm-eu:8081 ",
            "lakeops.flink.clusters.us.rest-url=",
            "lakeops.flink.timeout=5s",
            "quarkus.http.port=8080"));

    FlinkClusterProfiles profiles = FlinkClusterProfiles.load(dir);

    assertThat(profiles.restUrls()).containsOnlyKeys("default", "eu");
    assertThat(profiles.restUrl("eu")).contains("http://jm-eu:8081");
    assertThat(profiles.restUrl("us")).isEmpty();
  }

  @Test
  void hasNoProfilesWithoutAConfigFile() {
    assertThat(FlinkClusterProfiles.load(dir).restUrls()).isEmpty();
  }
}
