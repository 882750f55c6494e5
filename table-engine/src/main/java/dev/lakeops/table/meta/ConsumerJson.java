package dev.lakeops.table.meta;

import dev.lakeops.table.io.FileIO;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** Consumer JSON, {@code {"nextSnapshot" : N}} (source: Paimon {@code Consumer}). */
public final class ConsumerJson {

  private ConsumerJson() {}

  public static String toJson(Consumer consumer) {
    return PaimonJson.write(
        g -> {
          g.writeStartObject();
          g.writeNumberField("nextSnapshot", consumer.nextSnapshot());
          g.writeEndObject();
        });
  }

  /**
   * @throws CorruptSnapshotException not valid consumer JSON
   */
  public static Consumer fromJson(String json) {
    return fromJson(json, null);
  }

  /**
   * Reads a consumer file; empty when it does not exist.
   *
   * @throws CorruptSnapshotException not valid consumer JSON; names the file
   */
  public static Optional<Consumer> find(FileIO io, Path file) {
    return io.findBytes(file)
        .map(bytes -> fromJson(new String(bytes, StandardCharsets.UTF_8), file));
  }

  private static Consumer fromJson(String json, @Nullable Path file) {
    try {
      return new Consumer(
          PaimonJson.requiredLong(PaimonJson.parseObject(json), "nextSnapshot", "consumer"));
    } catch (IllegalArgumentException e) {
      throw new CorruptSnapshotException("Invalid consumer JSON: " + e.getMessage(), file, e);
    }
  }
}
