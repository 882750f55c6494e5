package dev.lakeops.table.lsm;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.format.KeyValue;
import org.jspecify.annotations.Nullable;

/**
 * A merge engine on a table with {@code sequence.field}: the engine's merge function, fed the
 * records of a key ordered by the user sequence fields and then by sequence number ({@link
 * RecordOrder}), so the record with the highest user sequence counts as the newest.
 */
final class SequenceFieldMerge implements MergeFunction {

  private final MergeFunction engine;
  private final RecordOrder order;

  SequenceFieldMerge(MergeFunction engine, RecordOrder order) {
    this.engine = requireNonNull(engine, "engine");
    this.order = requireNonNull(order, "order");
  }

  @Override
  public void reset() {
    engine.reset();
  }

  @Override
  public void add(KeyValue kv) {
    engine.add(kv);
  }

  @Override
  public @Nullable KeyValue result() {
    return engine.result();
  }

  @Override
  public RecordOrder recordOrder() {
    return order;
  }

  @Override
  public boolean mergesRunsAlike() {
    return engine.mergesRunsAlike();
  }
}
