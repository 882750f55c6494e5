package dev.lakeops.table.flink.sink;

import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The failures a failover test injects into its job, shared by the test and the job's tasks (the
 * MiniCluster runs in the test's JVM): a budget of failures per kind, spent at random points.
 */
final class Faults {

  static final AtomicInteger recordFailures = new AtomicInteger();
  static final AtomicInteger writeFailures = new AtomicInteger();
  static final AtomicInteger publishFailures = new AtomicInteger();
  static final AtomicInteger injected = new AtomicInteger();
  private static volatile double recordProbability;
  private static volatile double ioProbability;
  private static Random random = new Random(0);

  private Faults() {}

  static synchronized void arm(
      long seed, int records, double recordP, int writes, int publishes, double ioP) {
    random = new Random(seed);
    recordFailures.set(records);
    writeFailures.set(writes);
    publishFailures.set(publishes);
    injected.set(0);
    recordProbability = recordP;
    ioProbability = ioP;
  }

  static void disarm() {
    recordFailures.set(0);
    writeFailures.set(0);
    publishFailures.set(0);
  }

  /** Whether to fail now, spending one failure of {@code budget}. */
  static boolean strike(AtomicInteger budget) {
    if (budget.get() <= 0) {
      return false;
    }
    boolean hit;
    synchronized (Faults.class) {
      hit = random.nextDouble() < (budget == recordFailures ? recordProbability : ioProbability);
    }
    if (hit && budget.getAndDecrement() > 0) {
      injected.incrementAndGet();
      return true;
    }
    return false;
  }
}
