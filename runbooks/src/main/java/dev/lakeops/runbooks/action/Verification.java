package dev.lakeops.runbooks.action;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * The check run after an action: whether the state is what the action promised.
 *
 * @param checks one line per check, each stating what was expected and found
 */
public record Verification(Status status, List<String> checks) {

  /** The outcome of a verification. */
  public enum Status {
    PASSED,
    FAILED
  }

  public Verification {
    requireNonNull(status, "status");
    checks = List.copyOf(checks);
  }

  public boolean passed() {
    return status == Status.PASSED;
  }

  /** Passed when every check holds; each check is {@code ok} plus its description. */
  public static Verification of(List<Check> checks) {
    boolean ok = checks.stream().allMatch(Check::ok);
    return new Verification(
        ok ? Status.PASSED : Status.FAILED,
        checks.stream().map(c -> (c.ok() ? "ok: " : "FAILED: ") + c.description()).toList());
  }

  /** One verified condition. */
  public record Check(boolean ok, String description) {}
}
