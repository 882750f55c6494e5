package dev.lakeops.eval.world;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakeops.eval.world.binlog.BinlogFileSpec;
import dev.lakeops.eval.world.binlog.BinlogWorld;
import dev.lakeops.eval.world.lake.LakeTableSpec;
import dev.lakeops.eval.world.lake.LakeWorld;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** Writes a world's lake tables (with the table engine) and binlog files into its directory. */
final class WorldFiles {

  private static final ObjectMapper JSON = new ObjectMapper();

  private WorldFiles() {}

  /**
   * @throws IllegalArgumentException a table or binlog entry does not read; the message names it
   */
  static void write(WorldSpec spec, Path warehouse, Path binlogs, Instant now) {
    try {
      Files.createDirectories(warehouse);
      Files.createDirectories(binlogs);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the world's directories", e);
    }
    List<LakeTableSpec> tables = read("tables", spec.tables(), new TypeReference<>() {});
    if (!tables.isEmpty()) {
      LakeWorld.write(warehouse, tables, now);
    }
    List<BinlogFileSpec> files = read("binlogs", spec.binlogs(), new TypeReference<>() {});
    if (!files.isEmpty()) {
      BinlogWorld.write(binlogs, files);
    }
  }

  private static <T> List<T> read(
      String field, @Nullable JsonNode node, TypeReference<List<T>> type) {
    if (node == null || node.isNull()) {
      return List.of();
    }
    try {
      return JSON.convertValue(node, type);
    } catch (IllegalArgumentException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      throw new IllegalArgumentException(
          "world." + field + ": " + cause.getMessage().lines().findFirst().orElse(""), e);
    }
  }
}
