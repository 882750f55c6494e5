package dev.lakeops.tools.kafka;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a lag capture covers: every consumer group, or the named ones, plus any topics named
 * explicitly (all of their partitions, committed to or not).
 */
public record LagScope(boolean everyGroup, Set<String> groups, Set<String> topics) {

  public LagScope {
    groups = Set.copyOf(new TreeSet<>(groups));
    topics = Set.copyOf(new TreeSet<>(topics));
  }

  public static LagScope allGroups() {
    return new LagScope(true, Set.of(), Set.of());
  }

  /** The named groups; all groups when the list is empty. */
  public static LagScope groups(List<String> groupIds) {
    return new LagScope(groupIds.isEmpty(), Set.copyOf(groupIds), Set.of());
  }

  /** Only topics, no groups (configuration checks of a topic nobody reads yet). */
  public static LagScope topicsOnly(List<String> topics) {
    return new LagScope(false, Set.of(), Set.copyOf(topics));
  }

  public LagScope withTopics(List<String> more) {
    Set<String> all = new TreeSet<>(topics);
    all.addAll(more);
    return new LagScope(everyGroup, groups, all);
  }
}
