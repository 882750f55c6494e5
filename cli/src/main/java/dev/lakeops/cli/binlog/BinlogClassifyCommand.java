package dev.lakeops.cli.binlog;

import dev.lakeops.cli.common.OutputOptions;
import dev.lakeops.tools.binlog.classify.CdcErrorCategory;
import dev.lakeops.tools.binlog.classify.CdcErrorClassification;
import dev.lakeops.tools.binlog.classify.CdcErrorClassifier;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code lakeops binlog classify < error.txt}: exit 0 when the text matched a known signature, 1
 * when UNKNOWN.
 */
@Command(
    name = "classify",
    mixinStandardHelpOptions = true,
    description =
        "Reads a Flink CDC / Debezium / MySQL / MariaDB error text on stdin and prints its"
            + " category, the binlog file, position, GTID and server id written in it, and next"
            + " steps.")
final class BinlogClassifyCommand implements Callable<Integer> {

  /** Most bytes read from stdin; the classifier reads at most its own bound of that. */
  static final int MAX_INPUT = 8 * 1024 * 1024;

  @Spec CommandSpec spec;

  @Mixin OutputOptions output;

  @Override
  public Integer call() throws IOException {
    CdcErrorClassification c = CdcErrorClassifier.classify(read(System.in));
    output.print(spec, c, BinlogClassifyCommand::text);
    return c.category() == CdcErrorCategory.UNKNOWN ? 1 : 0;
  }

  private static String read(InputStream in) throws IOException {
    return new String(in.readNBytes(MAX_INPUT), StandardCharsets.UTF_8);
  }

  private static String text(CdcErrorClassification c) {
    StringBuilder s = new StringBuilder();
    s.append(c.category()).append(": ").append(c.summary()).append('\n');
    if (c.signature() != null) {
      s.append("  matched: ").append(c.signature()).append('\n');
    }
    if (!c.alsoMatched().isEmpty()) {
      s.append("  also: ").append(c.alsoMatched()).append('\n');
    }
    field(
        s,
        "error code",
        c.errorCode() == null
            ? null
            : c.errorCode() + (c.sqlState() != null ? " (" + c.sqlState() + ")" : ""));
    field(s, "file", c.file());
    field(s, "position", c.position());
    field(s, "last byte read", c.lastBytePosition());
    field(s, "gtid", c.gtid());
    field(s, "gtid set", c.gtidSet());
    field(s, "missing gtids", c.missingGtids());
    field(s, "server id", c.serverId());
    field(s, "table id", c.tableId());
    if (c.header() != null) {
      field(
          s,
          "event",
          c.header().eventType()
              + " at "
              + c.header().eventStart()
              + " (next position "
              + c.header().nextPosition()
              + ", data length "
              + c.header().dataLength()
              + ")");
    }
    field(s, "statement", c.statement());
    field(s, "root cause", c.rootCause());
    s.append("next steps:\n");
    int n = 1;
    for (String step : c.nextSteps()) {
      s.append("  ").append(n++).append(". ").append(step).append('\n');
    }
    return s.toString().stripTrailing();
  }

  private static void field(StringBuilder s, String name, Object value) {
    if (value != null) {
      s.append("  ").append(name).append(": ").append(value).append('\n');
    }
  }
}
