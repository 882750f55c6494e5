package dev.lakeops.tools.flink;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Json;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.spec.ToolArgs;
import dev.lakeops.tools.spec.ToolFunction;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The Flink declarations are true: every tool, run over every recorded cluster (and again with
 * endpoints answering a login page or 401), emits only codes its declaration lists.
 */
class FlinkToolSpecsTest {

  private static final Path FIXTURES = Path.of("src/test/resources/flink");

  @Test
  void everyCodeTheToolsEmitOverTheRecordedClustersIsDeclared() throws IOException {
    Map<String, TreeSet<String>> emitted = new TreeMap<>();
    for (String scenario : scenarios()) {
      for (boolean failing : List.of(false, true)) {
        RecordedFlinkRest rest = new RecordedFlinkRest(scenario);
        if (failing) {
          rest.once("/checkpoints", 200, "/flink/login-page.html")
              .once("/exceptions", 401, "/flink/empty-array.json");
        }
        FlinkTools tools =
            new FlinkTools(
                new FlinkJobProbe(rest, Sampling.once(), Clock.systemUTC()),
                new BackpressureAnalyzer());
        for (ToolFunction<ToolReport> tool : tools.functions()) {
          for (String job : jobs(scenario)) {
            Map<String, String> args = tool.spec().accepts("job") ? Map.of("job", job) : Map.of();
            ToolReport report = tool.apply(ToolArgs.read(tool.spec(), args));
            for (Finding f : report.findings()) {
              emitted.computeIfAbsent(tool.name(), k -> new TreeSet<>()).add(f.code());
              assertThat(tool.spec().codes().declares(f.code()))
                  .as(
                      "%s emits %s over %s, which its declaration does not list",
                      tool.name(), f.code(), scenario)
                  .isTrue();
            }
          }
        }
      }
    }
    assertThat(emitted).containsOnlyKeys(FlinkToolSpecs.ALL.stream().map(s -> s.name()).toList());
    assertThat(emitted.get(FlinkTools.HEALTH))
        .anyMatch(c -> c.startsWith(EndpointFailureAnalyzer.PREFIX));
  }

  private static List<String> scenarios() throws IOException {
    List<String> dirs = new ArrayList<>();
    try (Stream<Path> versions = Files.list(FIXTURES)) {
      for (Path version : versions.filter(Files::isDirectory).toList()) {
        try (Stream<Path> scenarios = Files.list(version)) {
          scenarios
              .filter(Files::isDirectory)
              .forEach(s -> dirs.add(version.getFileName() + "/" + s.getFileName()));
        }
      }
    }
    assertThat(dirs).isNotEmpty();
    return dirs.stream().sorted().toList();
  }

  private static List<String> jobs(String scenario) throws IOException {
    try (InputStream in =
        FlinkToolSpecsTest.class.getResourceAsStream(
            "/flink/" + scenario + "/jobs-overview.json")) {
      List<String> names = new ArrayList<>();
      for (JsonNode job : Json.mapper().readTree(in).path("jobs")) {
        names.add(job.path("name").asText());
      }
      return names;
    }
  }
}
