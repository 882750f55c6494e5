package dev.lakeops.cli;

import picocli.CommandLine.Command;

/** {@code lakeops flink ...}: Flink triage from the command line. */
@Command(name = "flink", description = "Triage Flink jobs over the Flink REST API.", mixinStandardHelpOptions = true,
    subcommands = FlinkTriageCommand.class)
final class FlinkCommand {}
