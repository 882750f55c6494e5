package dev.lakeops.tools.archfixture;

import dev.lakeops.runbooks.Category;

/**
 * A tool class that depends on runbooks, the wrong way: only {@code ArchitectureRulesTest} imports
 * it.
 */
public final class ToolThatReadsRunbooks {

  private ToolThatReadsRunbooks() {}

  public static Category category() {
    return Category.NO_FAULT;
  }
}
