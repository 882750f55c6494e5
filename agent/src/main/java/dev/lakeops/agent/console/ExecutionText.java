package dev.lakeops.agent.console;

import dev.lakeops.runbooks.approval.ExecutionReport;

/** How the console words an execution: its state, outcome, verification and error in one line. */
final class ExecutionText {

  private ExecutionText() {}

  static String of(ConsoleTexts m, ExecutionReport run) {
    StringBuilder text = new StringBuilder(m.f("decide.executed", run.state().name()));
    if (run.outcome() != null) {
      text.append(": ").append(run.outcome().summary());
    }
    if (run.verification() != null) {
      text.append(" (")
          .append(m.t("decide.verification"))
          .append(' ')
          .append(run.verification().status().name())
          .append(')');
    }
    if (run.error() != null) {
      text.append(": ").append(run.error());
    }
    return text.toString();
  }
}
