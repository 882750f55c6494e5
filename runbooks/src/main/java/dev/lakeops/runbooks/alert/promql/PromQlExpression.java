package dev.lakeops.runbooks.alert.promql;

import java.util.List;

/**
 * What a PromQL expression selects, as far as routing needs it: no evaluation, no full syntax tree.
 *
 * @param metrics metric names of its selectors, in order, once each ({@code __name__} matchers
 *     included; a {@code __name__} regex is given with its operators replaced by {@code _})
 * @param matchers label matchers of its selectors, in order
 * @param functions functions and aggregations it calls ({@code rate}, {@code sum} ...)
 * @param problems what could not be read, with offsets; empty for a clean expression
 */
public record PromQlExpression(
    List<String> metrics,
    List<LabelMatcher> matchers,
    List<String> functions,
    List<String> problems) {

  public static final PromQlExpression EMPTY =
      new PromQlExpression(List.of(), List.of(), List.of(), List.of());

  public PromQlExpression {
    metrics = List.copyOf(metrics);
    matchers = List.copyOf(matchers);
    functions = List.copyOf(functions);
    problems = List.copyOf(problems);
  }
}
