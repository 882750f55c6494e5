package dev.lakeops.cli.cdc;

import picocli.CommandLine.Command;

/** {@code lakeops cdc ...}: the CDC connectors that feed Kafka from the databases. */
@Command(
    name = "cdc",
    description =
        "CDC connectors (Debezium in Kafka Connect): state, failure causes, binlog offsets"
            + " (read-only).",
    mixinStandardHelpOptions = true,
    subcommands = {CdcStatusCommand.class})
public final class CdcCommand {}
