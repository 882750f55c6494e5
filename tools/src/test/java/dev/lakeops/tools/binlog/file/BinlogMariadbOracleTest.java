package dev.lakeops.tools.binlog.file;

import static dev.lakeops.tools.binlog.file.BinlogFixtures.CRC32;
import static dev.lakeops.tools.binlog.file.BinlogFixtures.bytes;
import static dev.lakeops.tools.binlog.file.BinlogFixtures.flipped;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.tools.binlog.BinlogTools;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compares the first bad offset with {@code mariadb-binlog --verify-binlog-checksum} on the same
 * damaged copies. Skipped where the MariaDB client is not installed.
 */
class BinlogMariadbOracleTest {

  private static final Path TOOL = Path.of("/usr/bin/mariadb-binlog");
  private static final Pattern FAILED_AT = Pattern.compile("Could not read entry at offset (\\d+)");

  @TempDir Path dir;

  @Test
  void findsTheSameFirstBadOffsetAsMariadbBinlogForFlipsAcrossTheFile() throws Exception {
    assertThat(Files.isExecutable(TOOL))
        .as(
            "mariadb-binlog is not installed: scripts/test.sh installs it (apt-get install"
                + " mariadb-client)")
        .isTrue();
    byte[] clean = bytes(CRC32);

    for (int offset = 256; offset < clean.length; offset += 41) {
      Path file = BinlogFixtures.write(dir, "mysql-bin.000002", flipped(clean, offset));

      BinlogVerdict ours = BinlogTools.verdict(file);
      Long theirs = mariadbBinlogFirstBad(file);

      assertThat(theirs).as("mariadb-binlog on a flip at %d", offset).isNotNull();
      assertThat(ours.firstBad().offset()).as("flip at %d", offset).isEqualTo(theirs);
    }
  }

  private static Long mariadbBinlogFirstBad(Path file) throws IOException, InterruptedException {
    Process process =
        new ProcessBuilder(TOOL.toString(), "--verify-binlog-checksum", file.toString())
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.PIPE)
            .start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("mariadb-binlog did not finish on " + file);
    }
    Matcher m = FAILED_AT.matcher(output);
    return m.find() ? Long.parseLong(m.group(1)) : null;
  }
}
