package dev.lakeops.eval.suite;

import dev.lakeops.eval.world.FaultSpec;
import dev.lakeops.eval.world.WorldSpec;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One scenario file: a world (or a live sandbox job), the faults that change it, the alerts that
 * fire about it (each a variant: other names, label sets, languages), renames that make more
 * variants of the whole scenario, and the ground truth every variant is scored against.
 */
public record Scenario(
    String id,
    String title,
    String family,
    @Nullable WorldSpec world,
    @Nullable Live live,
    List<FaultSpec> faults,
    List<AlertSpec> alerts,
    Truth truth,
    List<Map<String, String>> renames) {

  public Scenario {
    faults = faults == null ? List.of() : List.copyOf(faults);
    alerts = alerts == null ? List.of() : List.copyOf(alerts);
    renames = renames == null ? List.of() : List.copyOf(renames);
  }

  /**
   * A live scenario: instead of a simulated world, the sandbox's Flink scenario cluster runs {@code
   * flinkJob} (one of {@code FlinkScenarios.ALL}) and the triage reads its REST API, or the
   * sandbox's broker is put into the state {@code kafka} names (one of {@code KafkaScenarios.ALL}).
   */
  public record Live(@Nullable String flinkJob, @Nullable String kafka) {

    public Live {
      if ((flinkJob == null) == (kafka == null)) {
        throw new IllegalArgumentException("live: give either flinkJob or kafka");
      }
    }
  }

  /**
   * An alert as Alertmanager sends it: labels, annotations, the rule's link and, as {@code for},
   * how long before the scenario's instant it started firing (default 5m).
   */
  public record AlertSpec(
      Map<String, String> labels,
      @Nullable Map<String, String> annotations,
      @Nullable String generatorURL,
      @Nullable String valueString,
      @Nullable String firing) {}

  /**
   * What a right triage says: the category, the entities it must name (verdict entity key → value,
   * a value matching when the verdict's equals it or contains it, ignoring case), the tools it must
   * have called, and whether the case has a fault at all.
   */
  public record Truth(
      String category,
      @Nullable Map<String, String> entities,
      @Nullable List<String> tools,
      @Nullable Boolean fault) {

    public Map<String, String> entitiesOrEmpty() {
      return entities == null ? Map.of() : entities;
    }

    /** Whether the case has a fault: unless said, any category but NO_FAULT is one. */
    public boolean isFault() {
      return fault != null ? fault : !category.equals("NO_FAULT");
    }
  }
}
