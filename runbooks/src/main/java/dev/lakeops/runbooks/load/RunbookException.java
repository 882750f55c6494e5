package dev.lakeops.runbooks.load;

import java.util.List;

/**
 * A runbook file that cannot be used, with every reason found; the message lists them one a line.
 */
public final class RunbookException extends RuntimeException {

  private final List<Problem> problems;

  public RunbookException(List<Problem> problems) {
    super(String.join("\n", problems.stream().map(Problem::toString).toList()));
    if (problems.isEmpty()) {
      throw new IllegalArgumentException("A RunbookException needs at least one problem");
    }
    this.problems = List.copyOf(problems);
  }

  public List<Problem> problems() {
    return problems;
  }
}
