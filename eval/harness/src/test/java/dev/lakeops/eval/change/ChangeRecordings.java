package dev.lakeops.eval.change;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.lakeops.tools.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes what the change ITs captured as the analyzer fixtures when {@code
 * -Dlakeops.change.record=DIR} is set (then copied to {@code tools/src/test/resources/change/});
 * does nothing otherwise. Empty and null values are written, so that the snapshots read back as
 * they were.
 */
final class ChangeRecordings {

  private static final ObjectMapper MAPPER =
      Json.mapper()
          .copy()
          .setSerializationInclusion(JsonInclude.Include.ALWAYS)
          .enable(SerializationFeature.INDENT_OUTPUT);

  private ChangeRecordings() {}

  static void write(String relative, Object value) {
    String dir = System.getProperty("lakeops.change.record");
    if (dir == null || dir.isBlank()) {
      return;
    }
    Path file = Path.of(dir).resolve(relative);
    try {
      Files.createDirectories(file.getParent());
      MAPPER.writeValue(file.toFile(), value);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to write recording " + file, e);
    }
  }
}
