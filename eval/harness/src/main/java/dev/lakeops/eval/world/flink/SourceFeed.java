package dev.lakeops.eval.world.flink;

import java.util.Map;

/**
 * What a job's Kafka source sees of its topic at an instant, from the world's Kafka model: the
 * records it has not read yet and, per partition, the offset it has read to and the one it last
 * committed to its consumer group.
 */
public interface SourceFeed {

  /** The topic the source reads. */
  String topic();

  /** Records written to the topic and not yet read by the job, at {@code ms}. */
  double pending(long ms);

  /** Per partition: {current offset, committed offset} at {@code ms}. */
  Map<Integer, long[]> offsets(long ms);

  /** Records per second written to the topic at {@code ms}. */
  double written(long ms);
}
