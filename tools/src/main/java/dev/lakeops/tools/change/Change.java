package dev.lakeops.tools.change;

import static dev.lakeops.tools.Checks.checkArgument;
import static java.util.Objects.requireNonNull;

import dev.lakeops.tools.Severity;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One thing that changed on one hop, with its time: what an analyzer of the change probe emits
 * before {@link ChangeFindings} turns it into a finding.
 *
 * @param code a declared {@code change.*} code ({@link ChangeCodes})
 * @param severity INFO, or WARN where the change is a known fault trigger
 * @param target what changed as a person names it, e.g. {@code job orders-to-lake}, {@code topic
 *     orders}
 * @param subject the finding's subject, e.g. {@code flink job orders-to-lake}
 * @param phrase the change in a few words for the verdict line, e.g. {@code parallelism 4 → 8}
 * @param summary one sentence for a person
 * @param at when it happened; for a change seen between two probes, the later probe
 * @param notBefore the earlier probe when the change was seen between two; null when {@code at} is
 *     exact
 * @param before the value before, as text; null when there is none (a start, an upload)
 * @param after the value after, as text; null when there is none (a deletion)
 * @param details further evidence, in order
 * @param sources the endpoints, queries or files the change was read from
 */
public record Change(
    String code,
    Severity severity,
    String target,
    String subject,
    String phrase,
    String summary,
    Instant at,
    @Nullable Instant notBefore,
    @Nullable String before,
    @Nullable String after,
    Map<String, String> details,
    List<String> sources) {

  public Change {
    requireNonNull(code, "code");
    checkArgument(ChangeCodes.ALL.contains(code), "Undeclared change code: %s", code);
    requireNonNull(severity, "severity");
    requireNonNull(target, "target");
    requireNonNull(subject, "subject");
    requireNonNull(phrase, "phrase");
    requireNonNull(summary, "summary");
    requireNonNull(at, "at");
    details = Collections.unmodifiableMap(new LinkedHashMap<>(details));
    sources = List.copyOf(sources);
  }

  /**
   * A builder of an INFO change of {@code target} at {@code at}; phrase and summary are required.
   */
  public static Builder of(String code, String target, String subject, Instant at) {
    return new Builder(code, target, subject, at);
  }

  /**
   * Builds a {@link Change}; each setter replaces the value, {@link #detail} and {@link #source}
   * add one.
   */
  public static final class Builder {
    private final String code;
    private final String target;
    private final String subject;
    private final Instant at;
    private Severity severity = Severity.INFO;
    private @Nullable String phrase;
    private @Nullable String summary;
    private @Nullable Instant notBefore;
    private @Nullable String before;
    private @Nullable String after;
    private final Map<String, String> details = new LinkedHashMap<>();
    private final List<String> sources = new ArrayList<>();

    private Builder(String code, String target, String subject, Instant at) {
      this.code = code;
      this.target = target;
      this.subject = subject;
      this.at = at;
    }

    public Builder severity(Severity value) {
      severity = value;
      return this;
    }

    public Builder phrase(String value) {
      phrase = value;
      return this;
    }

    public Builder summary(String value) {
      summary = value;
      return this;
    }

    /** Seen between two probes: the earlier one's time. */
    public Builder notBefore(@Nullable Instant value) {
      notBefore = value;
      return this;
    }

    public Builder before(@Nullable Object value) {
      before = value == null ? null : value.toString();
      return this;
    }

    public Builder after(@Nullable Object value) {
      after = value == null ? null : value.toString();
      return this;
    }

    /** One more piece of evidence; a null value is left out. */
    public Builder detail(String key, @Nullable Object value) {
      if (value != null) {
        details.put(key, value.toString());
      }
      return this;
    }

    public Builder source(String value) {
      sources.add(value);
      return this;
    }

    public Builder sources(List<String> values) {
      sources.addAll(values);
      return this;
    }

    public Change build() {
      return new Change(
          code,
          severity,
          target,
          subject,
          requireNonNull(phrase, "phrase"),
          requireNonNull(summary, "summary"),
          at,
          notBefore,
          before,
          after,
          details,
          sources);
    }
  }
}
