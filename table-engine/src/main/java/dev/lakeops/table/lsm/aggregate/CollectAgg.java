package dev.lakeops.table.lsm.aggregate;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * {@code collect} over an ARRAY column (Paimon's {@code FieldCollectAgg}): the accumulator's
 * elements followed by the input's. With {@code fields.<f>.distinct} each element is kept once
 * (nulls included); Paimon's order of a distinct result is its hash set's, lakeops keeps the first
 * occurrence's, so readers should treat a distinct result as a set. A retraction removes, for each
 * element of the input, one equal element of the accumulator.
 *
 * <p>Element equality is value equality ({@link dev.lakeops.table.data.Row#equals} for rows).
 * Binary elements have none in Paimon (byte arrays compare by identity, so a retraction never
 * matches them); lakeops does the same, and refuses {@code distinct} on them.
 */
final class CollectAgg implements FieldAggregator {

  private final boolean distinct;
  private final boolean binaryElements;

  CollectAgg(boolean distinct, boolean binaryElements) {
    this.distinct = distinct;
    this.binaryElements = binaryElements;
  }

  @Override
  public @Nullable Object agg(@Nullable Object accumulator, @Nullable Object input) {
    if (accumulator == null && input == null) {
      return null;
    }
    if (!distinct && (accumulator == null || input == null)) {
      return accumulator == null ? input : accumulator;
    }
    Collection<Object> out = distinct ? new LinkedHashSet<>() : new ArrayList<>();
    if (accumulator != null) {
      out.addAll((List<?>) accumulator);
    }
    if (input != null) {
      out.addAll((List<?>) input);
    }
    return Collections.unmodifiableList(new ArrayList<>(out));
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
    if (input == null || ((List<?>) input).isEmpty()) {
      return accumulator;
    }
    List<Object> retracted = new ArrayList<>((List<?>) input);
    List<Object> out = new ArrayList<>();
    for (Object candidate : (List<?>) accumulator) {
      if (!removeOne(retracted, candidate)) {
        out.add(candidate);
      }
    }
    return Collections.unmodifiableList(out);
  }

  private boolean removeOne(List<Object> retracted, @Nullable Object element) {
    Iterator<Object> it = retracted.iterator();
    while (it.hasNext()) {
      Object o = it.next();
      boolean equal =
          o == null || element == null
              ? o == element
              : !binaryElements && Objects.equals(o, element);
      if (equal) {
        it.remove();
        return true;
      }
    }
    return false;
  }
}
