package dev.lakeops.tools.flink;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One link of an exception's cause chain, as a stack trace prints it: the first line or a {@code
 * Caused by:} line, split into class and message.
 *
 * <p>Flink hands failures on wrapped: the scheduler's {@code JobException: Recovery is suppressed
 * by NoRestartBackoffTimeStrategy} around the task's failure, futures' {@code
 * ExecutionException}/{@code CompletionException}, {@code FlinkRuntimeException(cause)}, and the
 * {@code SerializedThrowable} that carries a failure from a TaskManager. {@link #isWrapper()} names
 * those links, so that a failure is named by what actually went wrong ({@code flink-rest.md} §5.3).
 *
 * @param className e.g. {@code java.io.IOException}; the whole line when it names no class
 * @param message the text after {@code "<class>: "}; empty when there is none
 */
public record ExceptionLink(String className, String message) {

  private static final Pattern CLASS_THEN_REST =
      Pattern.compile("^([A-Za-z_$][\\w$]*(?:\\.[\\w$]+)+)(?::\\s*(.*))?$", Pattern.DOTALL);

  /** Carries a failure from another JVM; its own line then names the original class. */
  private static final String SERIALIZED_THROWABLE = "org.apache.flink.util.SerializedThrowable";

  /** Classes that only ever pass on their cause (futures, reflection). */
  private static final Set<String> ALWAYS_WRAPPERS =
      Set.of(
          "java.util.concurrent.ExecutionException",
          "java.util.concurrent.CompletionException",
          "java.lang.reflect.InvocationTargetException",
          "java.lang.reflect.UndeclaredThrowableException",
          "org.apache.flink.util.WrappingRuntimeException",
          SERIALIZED_THROWABLE);

  /** A class that frames its cause when its message starts with {@code messagePrefix}. */
  private record Framing(String className, String messagePrefix) {}

  /** Flink's framing of a failure it does not recover from. */
  private static final List<Framing> FRAMING =
      List.of(
          new Framing("org.apache.flink.runtime.JobException", "Recovery is suppressed"),
          new Framing(
              "org.apache.flink.runtime.client.JobExecutionException", "Job execution failed"),
          new Framing("org.apache.flink.runtime.client.JobInitializationException", ""));

  public ExceptionLink {
    requireNonNull(className, "className");
    requireNonNull(message, "message");
  }

  /**
   * Parses one line ({@code "java.io.IOException: disk full"}), seeing through a {@code
   * SerializedThrowable} prefix to the class it carries.
   */
  public static ExceptionLink parse(String line) {
    String text = line.strip();
    if (text.startsWith("Caused by: ")) {
      text = text.substring("Caused by: ".length());
    }
    Matcher m = CLASS_THEN_REST.matcher(text);
    if (!m.matches()) {
      return new ExceptionLink(text, "");
    }
    String className = m.group(1);
    String message = m.group(2) == null ? "" : m.group(2).strip();
    if (className.equals(SERIALIZED_THROWABLE) && startsWithClass(message)) {
      return parse(message);
    }
    return new ExceptionLink(className, message);
  }

  /**
   * True when this link only frames its cause: a known wrapper class, Flink's "recovery is
   * suppressed" framing, or a generic wrapper whose message is its cause's own first line (what
   * {@code new RuntimeException(cause)} prints).
   */
  public boolean isWrapper() {
    if (ALWAYS_WRAPPERS.contains(className)) {
      return true;
    }
    for (Framing f : FRAMING) {
      if (className.equals(f.className()) && message.startsWith(f.messagePrefix())) {
        return true;
      }
    }
    return startsWithClass(message);
  }

  /** {@code class: message}, or the class alone when there is no message. */
  @Override
  public String toString() {
    return message.isEmpty() ? className : className + ": " + message;
  }

  private static boolean startsWithClass(String message) {
    Matcher m = CLASS_THEN_REST.matcher(message);
    // A dotted word alone ("e.g.") is not a class: require a lower-case package and a capital.
    return m.matches() && m.group(1).matches("^[a-z][\\w$]*(\\.[a-z_$][\\w$]*)*\\.[A-Z][\\w$]*$");
  }
}
