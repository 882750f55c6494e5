package dev.lakeops.tools.flink;

import static java.util.Objects.requireNonNull;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One entry of a job's exception history ({@code exceptionHistory.entries[]}), reduced to what
 * classification needs: the exception's first line, the "Caused by" lines, and the classes of the
 * first stack frames. Stack traces are never passed on whole.
 *
 * @param exceptionName the class, e.g. {@code java.lang.IllegalStateException}
 * @param message the first line of the stack trace without the class name, at most 300 characters
 * @param causes "Caused by" lines, outermost first, each at most 300 characters
 * @param frames the fully qualified method of the first frames (at most 40), e.g. {@code
 *     org.x.Sink.write}
 * @param timestampMillis when it happened
 * @param taskName e.g. {@code lake-committer: Writer (1/2) - execution #8}; null for a global
 *     failure
 * @param endpoint where the task ran ({@code endpoint}, or 1.x {@code location})
 */
public record FlinkException(
    String exceptionName,
    String message,
    List<String> causes,
    List<String> frames,
    long timestampMillis,
    @Nullable String taskName,
    @Nullable String endpoint) {

  public FlinkException {
    requireNonNull(exceptionName, "exceptionName");
    requireNonNull(message, "message");
    causes = List.copyOf(causes);
    frames = List.copyOf(frames);
  }

  /** The exception's first line and every cause, in one string, for matching. */
  public String text() {
    return exceptionName + ": " + message + "\n" + String.join("\n", causes);
  }

  /** The vertex name in {@code taskName}, without the subtask and execution suffix. */
  public @Nullable String vertexName() {
    if (taskName == null) {
      return null;
    }
    int cut = taskName.indexOf(" (");
    return cut < 0 ? taskName : taskName.substring(0, cut);
  }
}
