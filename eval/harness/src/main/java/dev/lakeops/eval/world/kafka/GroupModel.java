package dev.lakeops.eval.world.kafka;

import dev.lakeops.eval.world.time.Rate;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.function.LongToDoubleFunction;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * A modelled consumer group reading one topic: how fast it can read (its own rate, or a Flink job's
 * throughput), whether its members are there, and how often it commits. Its committed offsets at
 * any instant follow from what was written and what it could read since the world began.
 */
public final class GroupModel {

  private final String id;
  private final TopicModel topic;
  private final long commitEveryMs;
  private final Rate capacity;
  private @Nullable LongToDoubleFunction reader;
  private @Nullable Supplier<List<Long>> readerChanges;
  private final List<String> clients = new ArrayList<>();
  private @Nullable Long membersLeftMs;

  GroupModel(String id, TopicModel topic, double recordsPerSecond, long commitEveryMs) {
    if (id == null || id.isBlank()) {
      throw new IllegalArgumentException("a consumer group needs an id");
    }
    this.id = id;
    this.topic = topic;
    this.capacity = new Rate(recordsPerSecond);
    this.commitEveryMs = commitEveryMs;
  }

  public String id() {
    return id;
  }

  public TopicModel topic() {
    return topic;
  }

  /** The group's reading capacity, for faults to change. */
  public Rate capacity() {
    return capacity;
  }

  /**
   * The group is a Flink job's: it reads as fast as the job passes records, and has no members;
   * {@code changes} gives the instants the job's throughput changes at (faults may add some later).
   */
  public void readBy(LongToDoubleFunction throughput, Supplier<List<Long>> changes) {
    this.reader = throughput;
    this.readerChanges = changes;
  }

  boolean flink() {
    return reader != null;
  }

  /** Client ids of the group's members (one per partition up to their count). */
  public void members(List<String> clientIds) {
    clients.clear();
    clients.addAll(clientIds);
  }

  List<String> clients(long ms) {
    return membersLeftMs != null && ms >= membersLeftMs ? List.of() : clients;
  }

  /** From {@code atMs}, the members are gone and nothing is read. */
  public void stop(long atMs) {
    membersLeftMs = atMs;
    capacity.set(atMs, 0);
  }

  /** From {@code atMs}, the members stay but read nothing. */
  public void stall(long atMs) {
    capacity.set(atMs, 0);
  }

  /** Records per second the group reads at {@code ms}: what is written, up to what it can. */
  double reading(long ms) {
    double can = reader != null ? reader.applyAsDouble(ms) : capacity.at(ms);
    if (reader != null) {
      can = Math.min(can, capacity.at(ms));
    }
    return Math.min(can, topic.written().at(ms));
  }

  /** The offset the group has read up to in {@code partition} at {@code ms}. */
  public long position(int partition, long ms) {
    TreeSet<Long> changes = new TreeSet<>(topic.written().changes());
    changes.addAll(capacity.changes());
    if (readerChanges != null) {
      changes.addAll(readerChanges.get());
    }
    double read = Rate.sum(topic.beginMs(), ms, new ArrayList<>(changes), this::reading);
    long position = TopicModel.BASE + (long) Math.floor(read / topic.partitions());
    return Math.min(position, topic.lastStable(partition, ms));
  }

  /** The committed offset: the position at the last commit. */
  public long committed(int partition, long ms) {
    long lastCommit = ms - Math.floorMod(ms - topic.beginMs(), commitEveryMs);
    return position(partition, lastCommit);
  }
}
