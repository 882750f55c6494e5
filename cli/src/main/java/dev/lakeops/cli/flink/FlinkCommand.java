package dev.lakeops.cli.flink;

import picocli.CommandLine.Command;

/**
 * {@code lakeops flink ...}: Flink triage from the command line, against a configured cluster or a
 * REST URL.
 */
@Command(
    name = "flink",
    description = "Triage Flink jobs over the Flink REST API.",
    mixinStandardHelpOptions = true,
    subcommands = {
      FlinkJobsCommand.class,
      FlinkJobCommand.class,
      FlinkCheckpointsCommand.class,
      FlinkBackpressureCommand.class,
      FlinkSourceLagCommand.class,
      FlinkTriageCommand.class
    })
public final class FlinkCommand {}
