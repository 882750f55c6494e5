package dev.lakeops.runbooks.audit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * Mutual exclusion on a lock file across threads and processes: a JVM lock per file (the OS lock is
 * per process, and a second lock on it from the same JVM throws), then an exclusive {@link
 * FileLock}. The OS releases the file lock when a process dies, so a crash leaves no stale lock.
 */
public final class FileLocking {

  private static final ConcurrentHashMap<Path, ReentrantLock> LOCKS = new ConcurrentHashMap<>();

  private FileLocking() {}

  /** Runs {@code body} while holding the lock on {@code lockFile} (created when missing). */
  public static <T> T withLock(Path lockFile, Supplier<T> body) {
    Path key = lockFile.toAbsolutePath().normalize();
    ReentrantLock local = LOCKS.computeIfAbsent(key, k -> new ReentrantLock());
    local.lock();
    try {
      Files.createDirectories(key.getParent());
      try (FileChannel channel =
              FileChannel.open(key, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
          FileLock ignored = channel.lock()) {
        return body.get();
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to lock " + key, e);
    } finally {
      local.unlock();
    }
  }
}
