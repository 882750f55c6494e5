package dev.lakeops.eval.world;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

/** Writes a world's lake tables and binlog files. */
final class WorldFiles {

  private WorldFiles() {}

  static void write(WorldSpec spec, Path warehouse, Path binlogs, Instant now) {
    try {
      Files.createDirectories(warehouse);
      Files.createDirectories(binlogs);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if ((spec.tables() != null && !spec.tables().isEmpty())
        || (spec.binlogs() != null && !spec.binlogs().isEmpty())) {
      throw new IllegalArgumentException("tables and binlogs are not modelled yet");
    }
  }
}
