package dev.lakeops.runbooks.approval;

import java.nio.file.Path;

/**
 * Executes one proposal from its own JVM, for the two-process test: args are the state directory
 * and the proposal id; prints {@code RAN} or {@code REFUSED: <reason>}.
 */
public final class ConcurrentExecution {

  private ConcurrentExecution() {}

  public static void main(String[] args) {
    GateFixture f = new GateFixture(Path.of(args[0]));
    try {
      ExecutionReport r = f.gate.execute(args[1], "carol");
      System.out.println("RAN " + r.state());
    } catch (ApprovalRefusedException e) {
      System.out.println("REFUSED: " + e.getMessage());
    }
  }
}
