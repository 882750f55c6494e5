package dev.lakeops.eval.world.flink;

/**
 * An exception a modelled task throws: its class, message and the task it fails in; the stack trace
 * Flink shows is built from them.
 */
public record FlinkFailure(String exceptionClass, String message, String task) {

  public FlinkFailure {
    if (exceptionClass == null || exceptionClass.isBlank()) {
      throw new IllegalArgumentException("a failure needs the exception's class");
    }
    message = message == null ? "" : message;
  }

  String stackTrace(String vertexClass) {
    return exceptionClass
        + (message.isEmpty() ? "" : ": " + message)
        + "\n\tat "
        + vertexClass
        + ".invoke(Task.java:42)\n\tat org.apache.flink.streaming.runtime.tasks.StreamTask"
        + ".processInput(StreamTask.java:656)\n\tat org.apache.flink.runtime.taskmanager.Task"
        + ".run(Task.java:579)\n\tat java.base/java.lang.Thread.run(Thread.java:840)\n";
  }
}
