package dev.lakeops.cli.table;

import java.util.List;
import picocli.CommandLine.Command;

/** {@code lakeops table tags TABLE}: the $tags system table. */
@Command(
    name = "tags",
    mixinStandardHelpOptions = true,
    description = "Every tag of a table and the snapshot it pins ($tags).")
final class TableTagsCommand extends SystemTableCommand {

  TableTagsCommand() {
    super("tags", List.of());
  }
}
