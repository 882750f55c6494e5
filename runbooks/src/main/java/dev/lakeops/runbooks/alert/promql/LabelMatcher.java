package dev.lakeops.runbooks.alert.promql;

import static java.util.Objects.requireNonNull;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One label matcher of a selector: {@code consumergroup="orders"}.
 *
 * @param label the label name
 * @param op {@code =}, {@code !=}, {@code =~} or {@code !~}
 * @param value the value, escapes decoded
 */
public record LabelMatcher(String label, String op, String value) {

  /** A regular expression that can only match itself: no operator but the dot. */
  private static final Pattern LITERAL = Pattern.compile("[A-Za-z0-9_.:/@-]+");

  public LabelMatcher {
    requireNonNull(label, "label");
    requireNonNull(op, "op");
    requireNonNull(value, "value");
  }

  /**
   * The one value the matcher selects: its value for {@code =}, or a regex that is a plain name;
   * empty otherwise.
   */
  public Optional<String> selectedValue() {
    if (op.equals("=") && !value.isBlank()) {
      return Optional.of(value);
    }
    if (op.equals("=~") && LITERAL.matcher(value).matches()) {
      return Optional.of(value);
    }
    return Optional.empty();
  }

  @Override
  public String toString() {
    return label + op + "\"" + value + "\"";
  }
}
