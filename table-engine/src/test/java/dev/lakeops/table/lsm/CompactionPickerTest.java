package dev.lakeops.table.lsm;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Replays {@code lsm/*.txt}: {@code define} builds a tree (and prints its sorted runs, newest
 * first), {@code pick} runs the universal picker, {@code pick-full} the full-compaction picker.
 */
class CompactionPickerTest {

  private LevelFiles files;
  private UniversalCompaction universal;

  @Test
  void universalCompactionPicksAsPaimon() {
    DataDriven.run("lsm/universal_compaction.txt", this::handle);
  }

  @Test
  void fullCompactionPicksEverythingUnlessOneTopRun() {
    DataDriven.run("lsm/full_compaction.txt", this::handle);
  }

  private String handle(DataDriven.Case c) {
    switch (c.command()) {
      case "define" -> {
        files = LsmFixtures.parse(c.input(), c.intArg("num-levels", 6));
        universal =
            new UniversalCompaction(
                c.intArg("max-size-amp", 200), c.intArg("size-ratio", 1), c.intArg("trigger", 5));
        return LsmFixtures.describe(files);
      }
      case "pick" -> {
        return describe(universal.pick(files));
      }
      case "pick-full" -> {
        return describe(FullCompaction.INSTANCE.pick(files));
      }
      default -> throw new IllegalArgumentException("unknown command " + c.command());
    }
  }

  private static String describe(Optional<CompactionUnit> unit) {
    return unit.map(
            u ->
                u.reason().name().toLowerCase().replace('_', '-')
                    + " -> L"
                    + u.outputLevel()
                    + ": "
                    + LsmFixtures.describeRuns(u.runs()))
        .orElse("none");
  }
}
