package dev.lakeops.cli.runbooks;

import picocli.CommandLine.Command;

/** {@code lakeops runbooks ...}: the shipped runbooks, their validation, and their text. */
@Command(
    name = "runbooks",
    description =
        "List, validate and show runbooks (YAML step graphs the deterministic planner runs).",
    mixinStandardHelpOptions = true,
    subcommands = {
      RunbooksListCommand.class,
      RunbooksValidateCommand.class,
      RunbooksShowCommand.class
    })
public final class RunbooksCommand {}
