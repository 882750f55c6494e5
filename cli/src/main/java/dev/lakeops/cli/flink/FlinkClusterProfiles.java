package dev.lakeops.cli.flink;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The Flink cluster profiles of {@code config/application.properties} in the working directory, the
 * same keys the agent reads: {@code lakeops.flink.rest-url} (the cluster named {@code default}) and
 * {@code lakeops.flink.clusters.<name>.rest-url}. A missing file means no profiles.
 *
 * @param restUrls profile name to REST URL
 * @param source the file read, for messages
 */
public record FlinkClusterProfiles(Map<String, String> restUrls, Path source) {

  public static final String DEFAULT = "default";
  public static final Path FILE = Path.of("config", "application.properties");
  private static final Pattern CLUSTER_KEY =
      Pattern.compile("lakeops\\.flink\\.clusters\\.([^.]+)\\.rest-url");

  public FlinkClusterProfiles {
    restUrls = Map.copyOf(restUrls);
  }

  /**
   * Reads {@code config/application.properties} under {@code workingDir}.
   *
   * @throws UncheckedIOException the file exists but cannot be read
   */
  public static FlinkClusterProfiles load(Path workingDir) {
    Path file = workingDir.resolve(FILE);
    Map<String, String> urls = new TreeMap<>();
    if (Files.isRegularFile(file)) {
      Properties p = new Properties();
      try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
        p.load(in);
      } catch (IOException e) {
        throw new UncheckedIOException("Failed to read " + file, e);
      }
      String defaultUrl = p.getProperty("lakeops.flink.rest-url");
      if (defaultUrl != null && !defaultUrl.isBlank()) {
        urls.put(DEFAULT, defaultUrl.strip());
      }
      for (String key : p.stringPropertyNames()) {
        Matcher m = CLUSTER_KEY.matcher(key);
        if (m.matches() && !p.getProperty(key).isBlank()) {
          urls.put(m.group(1), p.getProperty(key).strip());
        }
      }
    }
    return new FlinkClusterProfiles(urls, file);
  }

  /** The REST URL of the profile {@code name}. */
  public Optional<String> restUrl(String name) {
    return Optional.ofNullable(restUrls.get(name));
  }

  /**
   * The REST URL of profile {@code cluster}, or of {@code default} when it is null.
   *
   * @throws IllegalArgumentException no such profile: says where it looked and which profiles
   *     exist, or, for the default, to give --rest URL or --cluster NAME
   */
  public String restUrlOf(@Nullable String cluster) {
    String wanted = cluster == null ? DEFAULT : cluster;
    return restUrl(wanted)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    cluster == null
                        ? "give --rest URL or --cluster NAME (no lakeops.flink.rest-url in "
                            + source
                            + ")"
                        : "--cluster: no cluster '"
                            + cluster
                            + "' in "
                            + source
                            + " (configured: "
                            + (restUrls.isEmpty() ? "none" : String.join(", ", restUrls.keySet()))
                            + ")"));
  }
}
