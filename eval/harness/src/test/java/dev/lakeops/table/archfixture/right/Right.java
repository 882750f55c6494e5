package dev.lakeops.table.archfixture.right;

import dev.lakeops.table.archfixture.left.Left;

/** The other half of a package cycle: only {@code ArchitectureRulesTest} imports it. */
public final class Right {

  private Right() {}

  public static int depth() {
    return Left.base() + 1;
  }
}
