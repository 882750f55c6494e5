package dev.lakeops.tools.spec;

import java.util.List;

/**
 * Tools that come as a group, such as the tools of one Flink cluster: each with its declaration.
 */
public interface ToolSet {

  /** Every tool of the group, in declaration order. */
  List<? extends ToolFunction<?>> functions();
}
