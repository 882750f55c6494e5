package dev.lakeops.tools.spec;

import static dev.lakeops.tools.Checks.checkArgument;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The arguments of one call, read against the tool's {@link ToolSpec}: each value has its declared
 * type, and an optional parameter the call omits has its declared default. A blank value (or an
 * empty list) counts as not given.
 *
 * <p>Values may come as text (runbook steps, chat commands) or as JSON values (a model's call):
 * numbers, booleans and lists are read as such. The typed getters are for the tool's own
 * implementation; asking for an undeclared parameter, or as another type, is a bug and throws
 * {@link IllegalArgumentException}.
 */
public final class ToolArgs {

  private static final int MAX_QUOTED = 100;

  private final ToolSpec spec;
  private final Map<String, Object> values;
  private final Map<String, String> given;

  private ToolArgs(ToolSpec spec, Map<String, Object> values, Map<String, String> given) {
    this.spec = spec;
    this.values = values;
    this.given = Collections.unmodifiableMap(given);
  }

  /**
   * Reads {@code raw} against {@code spec}.
   *
   * @throws ToolArgumentException naming every unknown or missing parameter and every value that
   *     does not read as its type (with the value and what was expected)
   */
  public static ToolArgs read(ToolSpec spec, Map<String, ?> raw) {
    List<String> problems = new ArrayList<>();
    Map<String, Object> values = new LinkedHashMap<>();
    Map<String, String> given = new LinkedHashMap<>();
    for (Map.Entry<String, ?> e : raw.entrySet()) {
      Optional<ToolParam> param = spec.param(e.getKey());
      if (param.isEmpty()) {
        problems.add(
            "unknown parameter '" + quote(e.getKey()) + "' (it takes " + takes(spec) + ")");
        continue;
      }
      Object value = e.getValue();
      if (isAbsent(value)) {
        continue;
      }
      given.put(e.getKey(), text(value));
      try {
        values.put(e.getKey(), convert(param.get(), value));
      } catch (IllegalArgumentException | ArithmeticException bad) {
        problems.add(
            "parameter "
                + e.getKey()
                + " must be "
                + param.get().expected()
                + ", was '"
                + quote(text(value))
                + "'");
      }
    }
    List<String> missing =
        spec.params().stream()
            .filter(p -> p.required() && !given.containsKey(p.name()))
            .map(ToolParam::name)
            .toList();
    if (!missing.isEmpty()) {
      problems.add("missing parameter(s) " + String.join(", ", missing));
    }
    if (!problems.isEmpty()) {
      throw new ToolArgumentException(spec.name(), problems);
    }
    for (ToolParam p : spec.params()) {
      if (!values.containsKey(p.name()) && p.defaultValue() != null) {
        values.put(p.name(), convert(p, p.defaultValue()));
      }
    }
    return new ToolArgs(spec, values, given);
  }

  /**
   * The items of a comma-separated text, stripped, blanks left out: how a text reads as a {@link
   * ParamType#LIST}.
   */
  public static List<String> items(String text) {
    return Arrays.stream(text.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
  }

  public ToolSpec spec() {
    return spec;
  }

  /** The values the call gave, as text (lists comma-separated), for reports and error messages. */
  public Map<String, String> given() {
    return given;
  }

  /** Whether the call gave a value for {@code name} or it has a default. */
  public boolean has(String name) {
    declared(name);
    return values.containsKey(name);
  }

  /** A text parameter that is required or has a default. */
  public String string(String name) {
    return present(name, ParamType.STRING, String.class);
  }

  public Optional<String> optionalString(String name) {
    return optional(name, ParamType.STRING, String.class);
  }

  /** A whole-number parameter that is required or has a default. */
  public long integer(String name) {
    return present(name, ParamType.INTEGER, Long.class);
  }

  public Optional<Long> optionalInteger(String name) {
    return optional(name, ParamType.INTEGER, Long.class);
  }

  public Optional<Double> optionalNumber(String name) {
    return optional(name, ParamType.NUMBER, Double.class);
  }

  public Optional<Boolean> optionalBoolean(String name) {
    return optional(name, ParamType.BOOLEAN, Boolean.class);
  }

  /** A duration parameter that is required or has a default. */
  public Duration duration(String name) {
    return present(name, ParamType.DURATION, Duration.class);
  }

  /** A list parameter; empty when not given. */
  @SuppressWarnings("unchecked")
  public List<String> list(String name) {
    return optional(name, ParamType.LIST, List.class).map(l -> (List<String>) l).orElse(List.of());
  }

  @Override
  public String toString() {
    return spec.name() + given;
  }

  private <T> T present(String name, ParamType type, Class<T> as) {
    return optional(name, type, as)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "Parameter "
                        + name
                        + " of "
                        + spec.name()
                        + " is optional without a default: read it as optional"));
  }

  private <T> Optional<T> optional(String name, ParamType type, Class<T> as) {
    ToolParam p = declared(name);
    checkArgument(
        p.type() == type, "Parameter %s of %s is %s, not %s", name, spec.name(), p.type(), type);
    return Optional.ofNullable(values.get(name)).map(as::cast);
  }

  private ToolParam declared(String name) {
    return spec.param(name)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "Tool " + spec.name() + " declares no parameter " + name));
  }

  private static boolean isAbsent(@Nullable Object value) {
    return value == null
        || value instanceof String s && s.isBlank()
        || value instanceof Collection<?> c && c.isEmpty();
  }

  /**
   * @throws IllegalArgumentException the value does not read as the parameter's type or is out of
   *     its range
   * @throws ArithmeticException a whole number does not fit a {@code long} or has a fraction
   */
  static Object convert(ToolParam p, Object value) {
    return switch (p.type()) {
      case STRING -> scalar(value).strip();
      case INTEGER -> {
        long n = integer(value);
        checkArgument(p.range() == null || p.range().contains(n), "out of range");
        yield n;
      }
      case NUMBER -> {
        double d =
            value instanceof Number n ? n.doubleValue() : Double.parseDouble(scalar(value).strip());
        checkArgument(Double.isFinite(d), "not finite");
        yield d;
      }
      case BOOLEAN -> {
        String t = scalar(value).strip();
        checkArgument(t.equalsIgnoreCase("true") || t.equalsIgnoreCase("false"), "not a boolean");
        yield Boolean.parseBoolean(t);
      }
      case DURATION -> {
        checkArgument(value instanceof String, "not text");
        Duration d = Durations.parse((String) value);
        checkArgument(!d.isNegative(), "negative");
        yield d;
      }
      case LIST -> {
        if (value instanceof Collection<?> c) {
          List<String> items = new ArrayList<>();
          for (Object item : c) {
            String t = item == null ? "" : scalar(item).strip();
            if (!t.isEmpty()) {
              items.add(t);
            }
          }
          yield List.copyOf(items);
        }
        yield items(scalar(value));
      }
    };
  }

  private static long integer(Object value) {
    if (value instanceof Long
        || value instanceof Integer
        || value instanceof Short
        || value instanceof Byte) {
      return ((Number) value).longValue();
    }
    if (value instanceof BigInteger b) {
      return b.longValueExact();
    }
    if (value instanceof Double || value instanceof Float || value instanceof BigDecimal) {
      return new BigDecimal(value.toString()).longValueExact();
    }
    return Long.parseLong(scalar(value).strip());
  }

  /** Text of a string, number or boolean. */
  private static String scalar(Object value) {
    checkArgument(
        value instanceof String || value instanceof Number || value instanceof Boolean,
        "not a single value");
    return value.toString();
  }

  private static String text(Object value) {
    if (value instanceof Collection<?> c) {
      return String.join(",", c.stream().map(String::valueOf).toList());
    }
    return String.valueOf(value);
  }

  private static String takes(ToolSpec spec) {
    return spec.params().isEmpty() ? "none" : String.join(", ", spec.paramNames());
  }

  private static String quote(String text) {
    return text.length() <= MAX_QUOTED ? text : text.substring(0, MAX_QUOTED) + "...";
  }
}
