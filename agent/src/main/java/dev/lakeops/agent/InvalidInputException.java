package dev.lakeops.agent;

import static java.util.Objects.requireNonNull;

/**
 * Input from outside lakeops (a webhook body, a path or query parameter) is wrong. The message
 * names the field and what is wrong with it, e.g. {@code alerts[1].labels.severity: must be a
 * string, got number 3}; it is safe to show to the sender.
 */
public class InvalidInputException extends RuntimeException {

  private final String field;
  private final String problem;

  public InvalidInputException(String field, String problem) {
    super(requireNonNull(field, "field") + ": " + requireNonNull(problem, "problem"));
    this.field = field;
    this.problem = problem;
  }

  /** The field, as a path into the input, e.g. {@code alerts[0].startsAt} or {@code id}. */
  public String field() {
    return field;
  }

  /** What is wrong with it. */
  public String problem() {
    return problem;
  }
}
