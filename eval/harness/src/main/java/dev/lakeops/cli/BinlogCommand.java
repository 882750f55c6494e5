package dev.lakeops.cli;

import picocli.CommandLine.Command;

/** {@code lakeops binlog ...}: integrity checks of MySQL/MariaDB binlog files. */
@Command(name = "binlog", description = "MySQL/MariaDB binlog files: CRC and header checks, damage, safe restart position (read-only).",
    mixinStandardHelpOptions = true,
    subcommands = {BinlogVerifyCommand.class, BinlogServerCommand.class})
final class BinlogCommand {}
