package dev.lakeops.cli.table;

import java.util.List;
import picocli.CommandLine.Mixin;

/**
 * A system-table command that reads any snapshot: the latest, or {@code --snapshot}, {@code --tag}
 * or {@code --timestamp}.
 */
abstract class TimeTravelSystemTableCommand extends SystemTableCommand {

  @Mixin SnapshotOptions at;

  TimeTravelSystemTableCommand(String systemTable, List<String> textColumns) {
    super(systemTable, textColumns);
  }

  @Override
  final SnapshotOptions at() {
    return at;
  }
}
