package dev.lakeops.cli.table;

import picocli.CommandLine.Command;

/**
 * {@code lakeops table tag create|delete}: create and delete tags ({@code table tags} lists them).
 */
@Command(
    name = "tag",
    mixinStandardHelpOptions = true,
    description =
        "Create or delete a tag (a named snapshot kept until the tag is deleted); 'table tags'"
            + " lists them.",
    subcommands = {TableTagCreateCommand.class, TableTagDeleteCommand.class})
final class TableTagCommand {}
