package dev.lakeops.cli;

import picocli.CommandLine.Command;

/** {@code lakeops table ...}: inspect and read Paimon-format tables in a warehouse directory (read-only). */
@Command(name = "table", mixinStandardHelpOptions = true,
    description = "Inspect and read Paimon-format tables: list, describe, snapshots, files, partitions, buckets, tags, "
        + "any system table, and rows at any snapshot (read-only).",
    subcommands = {TableListCommand.class, TableDescribeCommand.class, TableSnapshotsCommand.class,
        TableFilesCommand.class, TablePartitionsCommand.class, TableBucketsCommand.class, TableTagsCommand.class,
        TableSysCommand.class, TableReadCommand.class})
final class TableCommand {}
