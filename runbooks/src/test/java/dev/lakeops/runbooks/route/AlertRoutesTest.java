package dev.lakeops.runbooks.route;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.runbooks.plan.DeterministicPlanner;
import dev.lakeops.runbooks.plan.RoutePlan;
import dev.lakeops.runbooks.tool.ToolRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Alerts written the way public rule sets and exporters write them (payload files under {@code
 * alerts/}), routed by the shipped planner without probing anything: which runbooks run, in which
 * order, and which inputs the first one gets. Expectations are in {@code alerts/routes.txt}.
 */
class AlertRoutesTest {

  private final DeterministicPlanner planner =
      DeterministicPlanner.shipped(new ToolRegistry(), Clock.systemUTC());

  @TestFactory
  Stream<DynamicTest> routesEveryPayloadToTheRunbooksItSaysAndFillsTheirInputs()
      throws IOException {
    return routes().stream()
        .map(
            r ->
                DynamicTest.dynamicTest(
                    r.file,
                    () -> {
                      RoutePlan plan = planner.route(AlertPayloads.first(r.file));
                      String why = plan.routing().toString();
                      if (r.runbooks.equals(List.of("none"))) {
                        assertThat(plan.chosen()).as(why).isEmpty();
                        return;
                      }
                      assertThat(plan.chosen())
                          .as(why)
                          .hasSizeGreaterThanOrEqualTo(r.runbooks.size());
                      assertThat(plan.chosen().subList(0, r.runbooks.size()))
                          .as(why)
                          .containsExactlyElementsOf(r.runbooks);
                      assertThat(plan.inputs().get(r.runbooks.get(0)))
                          .as(why)
                          .containsAllEntriesOf(r.inputs);
                    }));
  }

  private record Route(String file, List<String> runbooks, Map<String, String> inputs) {}

  static List<Route> routes() throws IOException {
    String text;
    try (InputStream in =
        AlertRoutesTest.class.getClassLoader().getResourceAsStream("alerts/routes.txt")) {
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    List<Route> out = new ArrayList<>();
    for (String line : text.split("\n")) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String[] fileRest = line.split("->", 2);
      String[] runbooksInputs = fileRest[1].split("\\|", 2);
      Map<String, String> inputs = new LinkedHashMap<>();
      if (runbooksInputs.length > 1) {
        for (String kv : runbooksInputs[1].split(";")) {
          int eq = kv.indexOf('=');
          inputs.put(kv.substring(0, eq).strip(), kv.substring(eq + 1).strip());
        }
      }
      out.add(
          new Route(
              fileRest[0].strip(),
              Arrays.stream(runbooksInputs[0].split(",")).map(String::strip).toList(),
              inputs));
    }
    return out;
  }
}
