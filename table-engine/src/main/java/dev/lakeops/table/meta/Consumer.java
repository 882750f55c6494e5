package dev.lakeops.table.meta;

/**
 * A streaming consumer's progress, the content of {@code consumer/consumer-<id>}: expiration never
 * removes snapshot {@code nextSnapshot} or later.
 */
public record Consumer(long nextSnapshot) {

  public Consumer {
    if (nextSnapshot < 0) {
      throw new IllegalArgumentException(
          "Invalid nextSnapshot: " + nextSnapshot + " (must be >= 0)");
    }
  }
}
