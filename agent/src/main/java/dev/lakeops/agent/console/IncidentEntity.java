package dev.lakeops.agent.console;

import static java.util.Objects.requireNonNull;

import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.Verdict;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What an incident is about, as the incidents list shows it: the job, consumer group, table or
 * binlog file its verdict names.
 *
 * @param kind which of the four
 * @param name the name as the verdict gives it
 */
public record IncidentEntity(Kind kind, String name) {

  /** The kinds of thing a verdict can be about, with the entity keys that name each. */
  public enum Kind {
    JOB("job"),
    GROUP("group"),
    TABLE("table"),
    BINLOG("binlogFile", "binlog", "file");

    private final List<String> keys;

    Kind(String... keys) {
      this.keys = List.of(keys);
    }

    /** The lower-case name, as query parameters and text keys ({@code entity.job}) write it. */
    public String key() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The kind whose {@link #key()} is {@code text}, ignoring case. */
    public static Optional<Kind> find(String text) {
      for (Kind k : values()) {
        if (k.key().equalsIgnoreCase(text)) {
          return Optional.of(k);
        }
      }
      return Optional.empty();
    }

    static Optional<Kind> ofEntityKey(String entityKey) {
      for (Kind k : values()) {
        if (k.keys.contains(entityKey)) {
          return Optional.of(k);
        }
      }
      return Optional.empty();
    }
  }

  public IncidentEntity {
    requireNonNull(kind, "kind");
    requireNonNull(name, "name");
  }

  /**
   * The first entity of {@code verdict}, in the order the verdict lists them, that is a job, a
   * consumer group, a table or a binlog file and has a name; empty when it names none.
   */
  public static Optional<IncidentEntity> of(Verdict verdict) {
    for (Map.Entry<String, String> e : verdict.entities().entrySet()) {
      Optional<Kind> kind = Kind.ofEntityKey(e.getKey());
      if (kind.isPresent() && e.getValue() != null && !e.getValue().isBlank()) {
        return Optional.of(new IncidentEntity(kind.get(), e.getValue().strip()));
      }
    }
    return Optional.empty();
  }

  /**
   * The worst severity among the findings the verdict of {@code report} cites as evidence; empty
   * when it cites none (an evidence entry that names no finding is not counted).
   */
  public static Optional<Severity> severity(TriageReport report) {
    Map<String, Finding> byId = report.findingsById();
    return report.verdict().evidence().stream()
        .map(byId::get)
        .filter(java.util.Objects::nonNull)
        .map(Finding::severity)
        .reduce(Severity::max);
  }
}
