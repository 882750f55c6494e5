package dev.lakeops.table.io.hdfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HdfsSettingsTest {

  @TempDir Path dir;

  private static String site(String key, String value) {
    return "<?xml version=\"1.0\"?><configuration><property><name>"
        + key
        + "</name><value>"
        + value
        + "</value></property></configuration>";
  }

  @Test
  void loadsTheSiteFilesOfHadoopConfDirAndLetsOptionsOverrideThem() throws Exception {
    Files.writeString(dir.resolve("core-site.xml"), site("lakeops.test.core", "from-core-site"));
    Files.writeString(dir.resolve("hdfs-site.xml"), site("dfs.replication", "2"));

    HdfsSettings settings =
        HdfsSettings.from(
            Map.of("hadoop.dfs.replication", "1"), Map.of("HADOOP_CONF_DIR", dir.toString()));
    Configuration conf = HdfsFileIO.configuration(settings);

    assertThat(conf.get("lakeops.test.core")).isEqualTo("from-core-site");
    assertThat(conf.get("dfs.replication")).isEqualTo("1");
    assertThat(conf.get("ipc.client.connect.max.retries")).isEqualTo("1");
  }

  @Test
  void letsAnOptionRaiseTheConnectionRetries() {
    HdfsSettings settings =
        HdfsSettings.from(Map.of("hadoop.ipc.client.connect.max.retries", "10"), Map.of());

    assertThat(HdfsFileIO.configuration(settings).get("ipc.client.connect.max.retries"))
        .isEqualTo("10");
  }

  @Test
  void takesTheUserFromTheOptionThenFromHadoopUserName() {
    assertThat(HdfsSettings.from(Map.of(), Map.of("HADOOP_USER_NAME", "etl")).user())
        .contains("etl");
    assertThat(
            HdfsSettings.from(Map.of(HdfsSettings.USER, "ops"), Map.of("HADOOP_USER_NAME", "etl"))
                .user())
        .contains("ops");
    assertThat(HdfsSettings.from(Map.of(), Map.of()).user()).isEmpty();
  }

  @Test
  void refusesAConfDirThatIsNotADirectoryAndAnEmptyHadoopKey() {
    Path missing = dir.resolve("no-such-conf");
    assertThatThrownBy(
            () -> HdfsSettings.from(Map.of(), Map.of("HADOOP_CONF_DIR", missing.toString())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(missing.toString())
        .hasMessageContaining("HADOOP_CONF_DIR");
    assertThatThrownBy(() -> HdfsSettings.from(Map.of("hadoop.", "x"), Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("hadoop.");
  }

  @Test
  void ignoresOtherStoresOptions() {
    HdfsSettings settings = HdfsSettings.from(Map.of("s3.endpoint", "http://x"), Map.of());

    assertThat(settings.hadoop()).isEmpty();
  }
}
