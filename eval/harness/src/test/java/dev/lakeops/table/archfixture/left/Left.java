package dev.lakeops.table.archfixture.left;

import dev.lakeops.table.archfixture.right.Right;

/** One half of a package cycle: only {@code ArchitectureRulesTest} imports it. */
public final class Left {

  private Left() {}

  public static int depth() {
    return Right.depth() + 1;
  }

  public static int base() {
    return 0;
  }
}
