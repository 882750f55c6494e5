package dev.lakeops.table.lsm.aggregate;

import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * {@code merge_map} over a MAP column (Paimon's {@code FieldMergeMapAgg}): the accumulator's
 * entries, then the input's, a key of the input replacing the accumulator's value. Null inputs are
 * skipped. A retraction removes the input's keys from the accumulator (into a null accumulator it
 * stays null). Map order carries no meaning (Paimon builds a hash map).
 */
final class MergeMapAgg implements FieldAggregator {

  @Override
  public @Nullable Object agg(@Nullable Object accumulator, @Nullable Object input) {
    if (accumulator == null || input == null) {
      return accumulator == null ? input : accumulator;
    }
    Map<Object, Object> out = new LinkedHashMap<>((Map<?, ?>) accumulator);
    out.putAll((Map<?, ?>) input);
    return Collections.unmodifiableMap(out);
  }

  @Override
  public boolean supportsRetraction() {
    return true;
  }

  @Override
  public @Nullable Object retract(@Nullable Object accumulator, @Nullable Object input) {
    if (accumulator == null) {
      return null;
    }
    if (input == null || ((Map<?, ?>) input).isEmpty()) {
      return accumulator;
    }
    Set<Object> keys = new HashSet<>(((Map<?, ?>) input).keySet());
    Map<Object, Object> out = new LinkedHashMap<>();
    ((Map<?, ?>) accumulator)
        .forEach(
            (k, v) -> {
              if (!keys.contains(k)) {
                out.put(k, v);
              }
            });
    return Collections.unmodifiableMap(out);
  }
}
