package dev.lakeops.cli.binlog;

import dev.lakeops.cli.common.CliErrors;
import dev.lakeops.cli.common.DurationConverter;
import dev.lakeops.cli.common.OutputOptions;
import dev.lakeops.cli.common.ToolReportText;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.binlog.live.BinlogServerAnalyzer;
import dev.lakeops.tools.binlog.live.BinlogServerConnection;
import dev.lakeops.tools.binlog.live.BinlogServerTools;
import dev.lakeops.tools.binlog.live.ConnectorOffset;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code lakeops binlog server}: a server's binlog state over JDBC (read-only), and whether a
 * connector's stored offset is still on it. Exit 0 when the probe ran, 1 when it could not.
 */
@Command(
    name = "server",
    mixinStandardHelpOptions = true,
    description =
        "Binlog settings and files of a MySQL/MariaDB server over JDBC (read-only): format, row"
            + " image, checksum, GTID state, retention; with --offset or --gtid, whether the"
            + " connector's offset is still there.")
final class BinlogServerCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(
      names = "--jdbc-url",
      required = true,
      paramLabel = "URL",
      description = "e.g. jdbc:mariadb://127.0.0.1:3306/")
  String jdbcUrl;

  @Option(
      names = "--user",
      required = true,
      paramLabel = "USER",
      description = "Account with BINLOG MONITOR (MariaDB) or REPLICATION CLIENT (MySQL)")
  String user;

  @Option(
      names = "--password-env",
      paramLabel = "VAR",
      description = "Environment variable holding the password (default: none)")
  String passwordEnv;

  @Option(
      names = "--offset",
      paramLabel = "FILE:POS",
      description = "Connector's stored offset, e.g. mysql-bin.000042:1234")
  String offset;

  @Option(
      names = "--gtid",
      paramLabel = "SET",
      description = "Connector's stored GTID set (MariaDB 0-1-42, MySQL uuid:1-42)")
  String gtid;

  @Option(
      names = "--timeout",
      defaultValue = "10s",
      converter = DurationConverter.class,
      paramLabel = "DURATION",
      description = "Connect and query timeout; default ${DEFAULT-VALUE}")
  Duration timeout;

  @Mixin OutputOptions output;

  @Override
  public Integer call() {
    if (offset != null && gtid != null) {
      throw new ParameterException(
          spec.commandLine(), "give --offset FILE:POS or --gtid SET, not both");
    }
    String password = "";
    if (passwordEnv != null) {
      password = System.getenv(passwordEnv);
      if (password == null) {
        throw new ParameterException(
            spec.commandLine(),
            "--password-env: environment variable " + passwordEnv + " is not set");
      }
    }
    BinlogServerConnection connection;
    ConnectorOffset stored = null;
    try {
      connection = new BinlogServerConnection(jdbcUrl, user, password);
    } catch (IllegalArgumentException e) {
      throw CliErrors.badInput(spec, "--jdbc-url/--user", e);
    }
    try {
      if (offset != null) {
        stored = ConnectorOffset.parseFilePos(offset);
      } else if (gtid != null) {
        stored = ConnectorOffset.gtids(gtid);
      }
    } catch (IllegalArgumentException e) {
      throw CliErrors.badInput(spec, offset != null ? "--offset" : "--gtid", e);
    }
    BinlogServerTools tools =
        new BinlogServerTools(
            Map.of(), timeout, BinlogServerAnalyzer.defaults(), Clock.systemUTC());
    ToolReport report = tools.status(connection, stored);
    output.print(spec, report, ToolReportText::renderWithBlankLine);
    return report.status() == ToolReport.Status.ERROR ? 1 : 0;
  }
}
