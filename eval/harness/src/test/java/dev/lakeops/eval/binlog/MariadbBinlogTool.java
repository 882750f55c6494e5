package dev.lakeops.eval.binlog;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs the {@code mariadb-binlog} tool (Debian package mariadb-client) and keeps its exit code and
 * messages.
 */
final class MariadbBinlogTool {

  /** What one run printed on stderr, and how it ended. */
  record Result(int exitCode, String stderr) {
    /** The offset in "Could not read entry at offset N", or null. */
    Long failedAt() {
      Matcher m = Pattern.compile("at offset (\\d+)").matcher(stderr);
      return m.find() ? Long.parseLong(m.group(1)) : null;
    }
  }

  private MariadbBinlogTool() {}

  /** {@code mariadb-binlog --verify-binlog-checksum FILE}: decodes every event, checking CRCs. */
  static Result verify(Path file) {
    return run(List.of("--verify-binlog-checksum", file.toString()));
  }

  /** Runs with {@code args} after {@code --no-defaults}; stdout is discarded. */
  static Result run(List<String> args) {
    return run(args, 60);
  }

  static Result run(List<String> args, int timeoutSeconds) {
    List<String> command = new ArrayList<>(List.of("mariadb-binlog", "--no-defaults"));
    command.addAll(args);
    try {
      Path err = Files.createTempFile("mariadb-binlog", ".err");
      try {
        Process p =
            new ProcessBuilder(command)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(err.toFile())
                .start();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
          p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
          return new Result(-1, Files.readString(err, StandardCharsets.UTF_8));
        }
        return new Result(p.exitValue(), Files.readString(err, StandardCharsets.UTF_8));
      } finally {
        Files.deleteIfExists(err);
      }
    } catch (IOException e) {
      throw new IllegalStateException(
          "mariadb-binlog could not run (install the Debian package mariadb-client): "
              + e.getMessage(),
          e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while running mariadb-binlog", e);
    }
  }
}
