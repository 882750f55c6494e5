package dev.lakeops.table.consumer;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.meta.Consumer;
import dev.lakeops.table.meta.ConsumerJson;
import dev.lakeops.table.paths.TablePaths;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The consumer files of one table, {@code consumer/consumer-<id>} holding {@code {"nextSnapshot" :
 * N}} (source: Paimon {@code ConsumerManager}): a consumer's next snapshot to read, which snapshot
 * expiration never removes. Each file is replaced atomically, so a reader sees the old or the new
 * position, never a partial file; a process killed while saving leaves the previous position.
 */
public final class Consumers {

  private static final Logger LOG = LoggerFactory.getLogger(Consumers.class);

  private final FileIO io;
  private final TablePaths paths;

  public Consumers(FileIO io, TablePaths paths) {
    this.io = requireNonNull(io, "io");
    this.paths = requireNonNull(paths, "paths");
  }

  /**
   * The saved position of {@code consumerId}; empty when it has none.
   *
   * @throws IllegalArgumentException {@code consumerId} is blank or contains {@code /}
   * @throws dev.lakeops.table.meta.CorruptSnapshotException the file is not consumer JSON; names
   *     the file
   */
  public Optional<Consumer> find(String consumerId) {
    return ConsumerJson.find(io, paths.consumerFile(consumerId));
  }

  /**
   * Records that {@code consumerId} reads {@code consumer.nextSnapshot()} next, replacing its
   * previous position (Paimon's {@code resetConsumer}).
   *
   * @throws IllegalArgumentException {@code consumerId} is blank or contains {@code /}
   */
  public void save(String consumerId, Consumer consumer) {
    io.writeAtomically(
        paths.consumerFile(consumerId),
        ConsumerJson.toJson(consumer).getBytes(StandardCharsets.UTF_8));
  }

  /** Removes {@code consumerId}'s file; false when it had none. */
  public boolean delete(String consumerId) {
    return io.delete(paths.consumerFile(consumerId));
  }

  /** Every consumer by id, sorted. */
  public TreeMap<String, Consumer> all() {
    TreeMap<String, Consumer> consumers = new TreeMap<>();
    for (Path p : io.list(paths.consumerDir())) {
      Optional<String> id = TablePaths.parseConsumerId(p.getFileName().toString());
      if (id.isPresent()) {
        ConsumerJson.find(io, p).ifPresent(c -> consumers.put(id.get(), c));
      }
    }
    return consumers;
  }

  /**
   * The smallest {@code nextSnapshot} of the consumers whose file was modified at or after {@code
   * liveSince} (every consumer when it is null); empty when there is none.
   */
  public OptionalLong minNextSnapshot(@Nullable Instant liveSince) {
    OptionalLong min = OptionalLong.empty();
    for (Path p : io.list(paths.consumerDir())) {
      if (TablePaths.parseConsumerId(p.getFileName().toString()).isEmpty()
          || (liveSince != null && isStale(p, liveSince))) {
        continue;
      }
      Optional<Consumer> c = ConsumerJson.find(io, p);
      if (c.isPresent() && (min.isEmpty() || c.get().nextSnapshot() < min.getAsLong())) {
        min = OptionalLong.of(c.get().nextSnapshot());
      }
    }
    return min;
  }

  /**
   * Deletes the consumers whose file was last modified before {@code staleBefore} ({@code
   * consumer.expiration-time}; Paimon's {@code ConsumerManager.expire}); returns their ids.
   */
  public List<String> expire(Instant staleBefore) {
    List<String> expired = new ArrayList<>();
    for (Path p : io.list(paths.consumerDir())) {
      Optional<String> id = TablePaths.parseConsumerId(p.getFileName().toString());
      if (id.isPresent() && isStale(p, staleBefore) && io.delete(p)) {
        expired.add(id.get());
        LOG.info(
            "Expired consumer {} of {}: not updated since before {}",
            id.get(),
            paths.root(),
            staleBefore);
      }
    }
    return expired;
  }

  // A file deleted between the listing and this call is gone already: stale.
  private boolean isStale(Path file, Instant before) {
    try {
      return io.lastModified(file).isBefore(before);
    } catch (java.io.UncheckedIOException e) {
      if (!io.exists(file)) {
        return true;
      }
      throw e;
    }
  }
}
