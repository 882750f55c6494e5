package dev.lakeops.runbooks.action;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The raw arguments of one action, as structured input gives them (name to text), with typed
 * accessors whose errors name the argument. Only these arguments reach an action: free text of a
 * request is never parsed into them.
 */
public record ActionArgs(ActionKind action, SortedMap<String, String> values) {

  public ActionArgs {
    requireNonNull(action, "action");
    TreeMap<String, String> copy = new TreeMap<>();
    values.forEach(
        (k, v) ->
            copy.put(requireNonNull(k, "argument name").strip(), requireNonNull(v, k).strip()));
    values = Collections.unmodifiableSortedMap(copy);
  }

  public static ActionArgs of(ActionKind action, Map<String, String> values) {
    return new ActionArgs(action, new TreeMap<>(values));
  }

  /**
   * Rejects any argument not in {@code allowed}.
   *
   * @throws ActionArgumentException naming the first unknown argument and the accepted ones
   */
  public ActionArgs allowOnly(Set<String> allowed) {
    for (String name : values.keySet()) {
      if (!allowed.contains(name)) {
        throw new ActionArgumentException(
            action,
            name,
            "unknown argument (accepted: " + String.join(", ", new TreeSet<>(allowed)) + ")");
      }
    }
    return this;
  }

  public String require(String name) {
    String v = values.get(name);
    if (v == null || v.isEmpty()) {
      throw new ActionArgumentException(action, name, "missing");
    }
    return v;
  }

  public Optional<String> find(String name) {
    String v = values.get(name);
    return v == null || v.isEmpty() ? Optional.empty() : Optional.of(v);
  }

  public long requireLong(String name) {
    return parseLong(name, require(name));
  }

  public Optional<Long> findLong(String name) {
    return find(name).map(v -> parseLong(name, v));
  }

  public Optional<Integer> findPositiveInt(String name) {
    return find(name)
        .map(
            v -> {
              long n = parseLong(name, v);
              if (n < 1 || n > Integer.MAX_VALUE) {
                throw new ActionArgumentException(
                    action, name, "'" + v + "' (expected a positive integer)");
              }
              return (int) n;
            });
  }

  /**
   * A duration as ISO-8601 ({@code PT1H}) or a number with unit {@code ms s m h d} ({@code 36h}).
   */
  public Optional<Duration> findDuration(String name) {
    return find(name)
        .map(
            v -> {
              try {
                Duration d = parseDuration(v);
                if (d.isNegative()) {
                  throw new ActionArgumentException(
                      action, name, "'" + v + "' (must not be negative)");
                }
                return d;
              } catch (DateTimeParseException | NumberFormatException e) {
                throw new ActionArgumentException(
                    action, name, "'" + v + "' (expected a duration such as 30m, 36h, 7d or PT1H)");
              }
            });
  }

  /** An instant as ISO-8601 ({@code 2026-01-01T00:00:00Z}) or epoch milliseconds. */
  public Optional<Instant> findInstant(String name) {
    return find(name)
        .map(
            v -> {
              try {
                return v.chars().allMatch(Character::isDigit)
                    ? Instant.ofEpochMilli(Long.parseLong(v))
                    : Instant.parse(v);
              } catch (DateTimeParseException | NumberFormatException e) {
                throw new ActionArgumentException(
                    action,
                    name,
                    "'"
                        + v
                        + "' (expected ISO-8601 such as 2026-01-01T00:00:00Z or epoch"
                        + " milliseconds)");
              }
            });
  }

  /** The argument as one of {@code choices}. */
  public String requireChoice(String name, Set<String> choices) {
    String v = require(name);
    if (!choices.contains(v)) {
      throw new ActionArgumentException(
          action,
          name,
          "'" + v + "' (expected one of " + String.join(", ", new TreeSet<>(choices)) + ")");
    }
    return v;
  }

  /** Fails naming {@code name} and {@code problem}. */
  public ActionArgumentException invalid(String name, String problem) {
    return new ActionArgumentException(action, name, problem);
  }

  static Duration parseDuration(String v) {
    if (v.startsWith("P") || v.startsWith("p")) {
      return Duration.parse(v.toUpperCase(java.util.Locale.ROOT));
    }
    int i = 0;
    while (i < v.length() && Character.isDigit(v.charAt(i))) {
      i++;
    }
    if (i == 0) {
      throw new NumberFormatException(v);
    }
    long n = Long.parseLong(v.substring(0, i));
    return switch (v.substring(i)) {
      case "ms" -> Duration.ofMillis(n);
      case "s" -> Duration.ofSeconds(n);
      case "m", "min" -> Duration.ofMinutes(n);
      case "h" -> Duration.ofHours(n);
      case "d" -> Duration.ofDays(n);
      default -> throw new NumberFormatException(v);
    };
  }

  private long parseLong(String name, String v) {
    try {
      return Long.parseLong(v);
    } catch (NumberFormatException e) {
      throw new ActionArgumentException(action, name, "'" + v + "' (expected an integer)");
    }
  }
}
