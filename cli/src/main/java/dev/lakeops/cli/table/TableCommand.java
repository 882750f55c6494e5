package dev.lakeops.cli.table;

import picocli.CommandLine.Command;

/**
 * {@code lakeops table ...}: inspect, read, write and maintain Paimon-format tables in a warehouse
 * directory.
 */
@Command(
    name = "table",
    mixinStandardHelpOptions = true,
    description =
        "Inspect and read Paimon-format tables: list, describe, snapshots, files, partitions,"
            + " buckets, tags, any system table, rows at any snapshot and the changes of snapshots"
            + " (following new commits); write rows, tag, roll"
            + " back, expire, remove orphans, compact; diagnose the commit timeline, duplicate keys"
            + " and compaction backlog, and the layout (bucket skew, hot keys, small files,"
            + " partition sizes).",
    subcommands = {
      TableListCommand.class,
      TableDescribeCommand.class,
      TableSnapshotsCommand.class,
      TableFilesCommand.class,
      TablePartitionsCommand.class,
      TableBucketsCommand.class,
      TableTagsCommand.class,
      TableSysCommand.class,
      TableReadCommand.class,
      TableChangesCommand.class,
      TableWriteCommand.class,
      TableTagCommand.class,
      TableRollbackCommand.class,
      TableExpireCommand.class,
      TableOrphansCommand.class,
      TableCompactCommand.class,
      TableTimelineCommand.class,
      TableDuplicatesCommand.class,
      TableBacklogCommand.class,
      TableLayoutCommand.class
    })
public final class TableCommand {}
