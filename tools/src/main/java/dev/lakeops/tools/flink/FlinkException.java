package dev.lakeops.tools.flink;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
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

  /** The exception and its causes as links, outermost first. */
  public List<ExceptionLink> chain() {
    List<ExceptionLink> links = new ArrayList<>();
    links.add(
        ExceptionLink.parse(message.isEmpty() ? exceptionName : exceptionName + ": " + message));
    causes.forEach(c -> links.add(ExceptionLink.parse(c)));
    return links;
  }

  /**
   * What actually went wrong: the deepest link of the chain that is not a wrapper ({@link
   * ExceptionLink#isWrapper()}); the deepest link when every link is one. A job that fails for good
   * shows {@code JobException: Recovery is suppressed ...} on top and the task's failure several
   * {@code Caused by} further down.
   */
  public ExceptionLink rootCause() {
    List<ExceptionLink> links = chain();
    for (int i = links.size() - 1; i >= 0; i--) {
      if (!links.get(i).isWrapper()) {
        return links.get(i);
      }
    }
    return links.get(links.size() - 1);
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
