package dev.lakeops.tools.spec;

import static dev.lakeops.tools.Checks.checkArgument;
import static java.util.Objects.requireNonNull;

import org.jspecify.annotations.Nullable;

/**
 * One parameter of a declared tool.
 *
 * @param name lower case with underscores, e.g. {@code sink_count}
 * @param type how a value is read
 * @param required whether every call must pass it (a blank value counts as not passed)
 * @param description for a person or a model: what it means, without the default or the range
 * @param defaultValue the value, as text, a call that omits it gets; null for none
 * @param range the bounds of an {@link ParamType#INTEGER} value, inclusive; null for any
 */
public record ToolParam(
    String name,
    ParamType type,
    boolean required,
    String description,
    @Nullable String defaultValue,
    @Nullable Range range) {

  /** Inclusive bounds of a whole number. */
  public record Range(long min, long max) {
    public Range {
      checkArgument(min <= max, "Invalid range %s..%s", min, max);
    }

    public boolean contains(long value) {
      return value >= min && value <= max;
    }
  }

  public ToolParam {
    requireNonNull(name, "name");
    checkArgument(name.matches("[a-z][a-z0-9_]*"), "Invalid parameter name: %s", name);
    requireNonNull(type, "type");
    requireNonNull(description, "description");
    checkArgument(
        !required || defaultValue == null, "Required parameter %s cannot have a default", name);
    checkArgument(
        range == null || type == ParamType.INTEGER,
        "Only an integer parameter has a range: %s",
        name);
  }

  public static ToolParam required(String name, ParamType type, String description) {
    return new ToolParam(name, type, true, description, null, null);
  }

  public static ToolParam optional(String name, ParamType type, String description) {
    return new ToolParam(name, type, false, description, null, null);
  }

  /**
   * This optional parameter with {@code value} as its default; {@link ToolArgs} checks that it
   * reads.
   */
  public ToolParam withDefault(String value) {
    return new ToolParam(name, type, required, description, requireNonNull(value, "value"), range);
  }

  /** This integer parameter bounded to {@code min..max}. */
  public ToolParam between(long min, long max) {
    return new ToolParam(name, type, required, description, defaultValue, new Range(min, max));
  }

  /** What a value must look like, e.g. {@code a whole number from 1 to 20}. */
  public String expected() {
    return range == null
        ? type.expected()
        : type.expected() + " from " + range.min() + " to " + range.max();
  }
}
