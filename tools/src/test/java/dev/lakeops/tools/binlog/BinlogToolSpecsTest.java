package dev.lakeops.tools.binlog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.binlog.file.BinlogFindings;
import dev.lakeops.tools.binlog.file.BinlogFixtures;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The binlog declarations are true: {@code binlog.verify} over the recorded files, whole, cut short
 * and with a byte flipped at many offsets, emits only codes its declaration lists; the JSON tools
 * declare none.
 */
class BinlogToolSpecsTest {

  @TempDir Path dir;

  @Test
  void everyCodeTheVerifierEmitsOverTheRecordedFilesIsDeclared() {
    BinlogTools tools = new BinlogTools();
    List<String> emitted = new ArrayList<>();
    int n = 0;
    for (String fixture : List.of(BinlogFixtures.CRC32, BinlogFixtures.NONE)) {
      byte[] content = BinlogFixtures.bytes(fixture);
      List<byte[]> variants =
          new ArrayList<>(
              List.of(
                  content,
                  Arrays.copyOf(content, content.length - 7),
                  Arrays.copyOf(content, 2),
                  BinlogFixtures.flipped(content, 0)));
      for (int offset = 4; offset < content.length; offset += 97) {
        variants.add(BinlogFixtures.flipped(content, offset));
      }
      for (byte[] variant : variants) {
        ToolReport report =
            tools.verifyFile(BinlogFixtures.write(dir, "v" + n++ + ".000001", variant).toString());
        report.findings().stream().map(Finding::code).forEach(emitted::add);
      }
    }

    assertThat(emitted)
        .contains(BinlogFindings.OK, BinlogFindings.CRC_MISMATCH)
        .allMatch(code -> BinlogToolSpecs.VERIFY.codes().declares(code));
    assertThat(BinlogToolSpecs.ALL)
        .filteredOn(s -> s != BinlogToolSpecs.VERIFY)
        .allMatch(s -> s.codes().all().isEmpty());
  }
}
