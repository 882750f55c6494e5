package dev.lakeops.tools.binlog.live;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.tools.Finding;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * The binlog server declaration is true: over healthy and broken servers and offsets, only declared
 * codes.
 */
class BinlogServerToolSpecsTest {

  @Test
  void everyCodeTheAnalyzerEmitsIsDeclared() {
    List<String> emitted = new ArrayList<>();
    List<Map<String, String>> settings =
        List.of(
            Map.of(),
            Map.of("log_bin", "OFF"),
            Map.of("binlog_format", "STATEMENT"),
            Map.of("binlog_row_image", "MINIMAL"),
            Map.of("binlog_checksum", "NONE"),
            Map.of("expire_logs_days", "1.000000"));
    List<@Nullable ConnectorOffset> offsets =
        new ArrayList<>(
            List.of(
                ConnectorOffset.filePos("mysql-bin.000003", 120),
                ConnectorOffset.filePos("mysql-bin.000008", 1001),
                ConnectorOffset.filePos("mysql-bin.000007", 4),
                ConnectorOffset.gtids("0-1-9"),
                ConnectorOffset.gtids("0-1-41"),
                ConnectorOffset.gtids("5-1-3")));
    offsets.add(null);
    for (Map<String, String> overrides : settings) {
      for (ConnectorOffset offset : offsets) {
        BinlogServerAnalyzer.defaults()
            .analyze(BinlogServerAnalyzerTest.mariadb(overrides, "[0-1-10]"), offset)
            .stream()
            .map(Finding::code)
            .forEach(emitted::add);
      }
    }

    assertThat(emitted)
        .isNotEmpty()
        .allMatch(code -> BinlogServerToolSpecs.STATUS.codes().declares(code));
  }
}
