package dev.lakeops.cli.binlog;

import picocli.CommandLine.Command;

/** {@code lakeops binlog ...}: integrity checks of MySQL/MariaDB binlog files. */
@Command(
    name = "binlog",
    description =
        "MySQL/MariaDB binlog files: CRC and header checks, damage, event listing, recovery plans,"
            + " CDC error classification (read-only).",
    mixinStandardHelpOptions = true,
    subcommands = {
      BinlogVerifyCommand.class,
      BinlogEventsCommand.class,
      BinlogPlanCommand.class,
      BinlogClassifyCommand.class,
      BinlogServerCommand.class
    })
public final class BinlogCommand {}
