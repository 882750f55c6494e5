package dev.lakeops.cli.kafka;

import picocli.CommandLine.Command;

/**
 * {@code lakeops kafka ...}: consumer lag, groups, reconciliation and config risks over the
 * AdminClient.
 */
@Command(
    name = "kafka",
    description =
        "Kafka consumer lag, groups, offset-range reconciliation and configuration risks"
            + " (read-only).",
    mixinStandardHelpOptions = true,
    subcommands = {
      KafkaLagCommand.class,
      KafkaGroupsCommand.class,
      KafkaReconcileCommand.class,
      KafkaConfigsCommand.class
    })
public final class KafkaCommand {}
