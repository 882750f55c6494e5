package dev.lakeops.eval.world.time;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.LongToDoubleFunction;

/**
 * A rate in records per second that changes in steps at given instants (epoch milliseconds), and
 * what it adds up to between two instants: how the world turns "the sink became five times slower
 * at 11:40" into offsets and lag at any later instant.
 */
public final class Rate {

  private final TreeMap<Long, Double> steps = new TreeMap<>();

  public Rate(double initial) {
    steps.put(Long.MIN_VALUE, initial);
  }

  /** From {@code fromMs} on, the rate is {@code value}. */
  public Rate set(long fromMs, double value) {
    if (value < 0 || Double.isNaN(value)) {
      throw new IllegalArgumentException("a rate cannot be negative, was " + value);
    }
    steps.put(fromMs, value);
    return this;
  }

  public double at(long ms) {
    return steps.floorEntry(ms).getValue();
  }

  /** The instants the rate changes at. */
  public List<Long> changes() {
    return new ArrayList<>(steps.tailMap(Long.MIN_VALUE, false).keySet());
  }

  /** Records between {@code fromMs} and {@code toMs} at this rate. */
  public double sum(long fromMs, long toMs) {
    return sum(fromMs, toMs, changes(), this::at);
  }

  /**
   * The integral of {@code rate} from {@code fromMs} to {@code toMs}, where the rate is constant
   * between the instants of {@code changes}.
   */
  public static double sum(long fromMs, long toMs, List<Long> changes, LongToDoubleFunction rate) {
    if (toMs <= fromMs) {
      return 0;
    }
    TreeSet<Long> cuts = new TreeSet<>();
    cuts.add(fromMs);
    cuts.add(toMs);
    for (long c : changes) {
      if (c > fromMs && c < toMs) {
        cuts.add(c);
      }
    }
    double total = 0;
    Long previous = null;
    for (long cut : cuts) {
      if (previous != null) {
        total += rate.applyAsDouble(previous) * (cut - previous) / 1000.0;
      }
      previous = cut;
    }
    return total;
  }

  @Override
  public String toString() {
    Map<Long, Double> shown = new TreeMap<>(steps);
    return shown.toString();
  }
}
