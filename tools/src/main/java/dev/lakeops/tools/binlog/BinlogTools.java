package dev.lakeops.tools.binlog;

import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.ToolReports;
import dev.langchain4j.agent.tool.P;
import dev.langchain4j.agent.tool.Tool;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** The {@code @Tool} facade over the binlog reader and integrity analyzer: read-only, never throws. */
public final class BinlogTools {

  public static final String VERIFY = "binlog.verify";

  /**
   * Reads {@code file} to the end and returns the analyzer's verdict.
   *
   * @throws ProbeException {@code NOT_FOUND} when the file does not exist or is not a regular file
   * @throws UncheckedIOException the file cannot be read
   */
  public static BinlogVerdict verdict(Path file) {
    if (!Files.isRegularFile(file)) {
      throw new ProbeException(ProbeException.Code.NOT_FOUND, file.toString(), "no binlog file at " + file);
    }
    BinlogIntegrityAnalyzer analyzer = new BinlogIntegrityAnalyzer();
    BinlogReader.read(file, analyzer);
    return analyzer.verdict();
  }

  @Tool("Verifies one MySQL/MariaDB binlog file: CRC32 and header of every event, the first bad event, "
      + "where valid events resume, the safe restart position (end of the last complete transaction) with its "
      + "GTID, and the transactions and tables lost. Read-only.")
  public ToolReport verifyFile(@P("Path of a binlog file on the lakeops host, e.g. /var/lib/mysql/mysql-bin.000042") String path) {
    return ToolReports.run(VERIFY, Map.of("path", path), () -> BinlogFindings.of(verdict(Path.of(path))));
  }
}
