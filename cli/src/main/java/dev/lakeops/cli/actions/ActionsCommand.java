package dev.lakeops.cli.actions;

import picocli.CommandLine.Command;

/**
 * {@code lakeops actions ...}: propose, approve and execute actions that change tables, consumer
 * groups or jobs.
 */
@Command(
    name = "actions",
    description =
        "Propose, approve, reject and execute actions; nothing writes without a matching approval.",
    mixinStandardHelpOptions = true,
    subcommands = {
      ActionsProposeCommand.class,
      ActionsShowCommand.class,
      ActionsApproveCommand.class,
      ActionsRejectCommand.class,
      ActionsExecuteCommand.class,
      ActionsListCommand.class
    })
public final class ActionsCommand {}
