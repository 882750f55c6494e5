package dev.lakeops.runbooks.plan;

import dev.lakeops.runbooks.tool.ToolRegistry;
import dev.lakeops.tools.ToolReport;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Calls read-only tools with a time limit per call. A call that does not answer in time is
 * interrupted and becomes an {@link ToolReport.Status#ERROR} report saying so; the run goes on. It
 * holds only a {@link ToolRegistry}, so it cannot run an action.
 */
final class ToolCalls {

  private static final AtomicInteger THREADS = new AtomicInteger();
  private static final ExecutorService POOL =
      Executors.newCachedThreadPool(
          r -> {
            Thread t = new Thread(r, "lakeops-tool-call-" + THREADS.incrementAndGet());
            t.setDaemon(true);
            return t;
          });

  private final ToolRegistry registry;

  ToolCalls(ToolRegistry registry) {
    this.registry = registry;
  }

  ToolReport call(String tool, Map<String, String> args, Duration timeout) {
    Future<ToolReport> future = POOL.submit(() -> registry.call(tool, args));
    try {
      return future.get(Math.max(1, timeout.toMillis()), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      future.cancel(true);
      return error(
          tool,
          args,
          "tool "
              + tool
              + " gave no answer within "
              + timeout.toMillis()
              + " ms (step timeout); the call was abandoned");
    } catch (InterruptedException e) {
      future.cancel(true);
      Thread.currentThread().interrupt();
      return error(tool, args, "triage was interrupted while " + tool + " ran");
    } catch (ExecutionException e) {
      // ToolRegistry.call does not throw; an Error (e.g. OutOfMemoryError) is all that reaches
      // here.
      return error(
          tool,
          args,
          "tool "
              + tool
              + " failed ("
              + e.getCause().getClass().getSimpleName()
              + "); details are in the lakeops log");
    }
  }

  static ToolReport error(String tool, Map<String, String> args, String message) {
    return new ToolReport(ToolReport.Status.ERROR, tool, args, List.of(), message);
  }
}
