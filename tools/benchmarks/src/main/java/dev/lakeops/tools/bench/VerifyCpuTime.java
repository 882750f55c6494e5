package dev.lakeops.tools.bench;

import dev.lakeops.tools.binlog.BinlogTools;
import dev.lakeops.tools.binlog.file.BinlogVerdict;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Verifies one binlog {@code runs} times and prints wall time and the CPU time of the verifying
 * thread: on a shared machine the CPU time is the figure other processes do not inflate. Usage:
 * {@code VerifyCpuTime FILE RUNS}.
 */
public final class VerifyCpuTime {

  private VerifyCpuTime() {}

  public static void main(String[] args) throws IOException {
    Path file = Path.of(args[0]);
    int runs = Integer.parseInt(args[1]);
    long size = Files.size(file);
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    for (int i = 1; i <= runs; i++) {
      long cpu = threads.getCurrentThreadCpuTime();
      long wall = System.nanoTime();
      BinlogVerdict v = BinlogTools.verdict(file);
      cpu = threads.getCurrentThreadCpuTime() - cpu;
      wall = System.nanoTime() - wall;
      System.out.printf(
          "run %d: %s, %d events, wall %d ms, cpu %d ms, %.0f MB/s of cpu time%n",
          i, v.status(), v.events(), wall / 1_000_000, cpu / 1_000_000, size / (cpu / 1e9) / 1e6);
    }
  }
}
