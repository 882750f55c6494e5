package dev.lakeops.table.bench;

import java.util.SplittableRandom;

/**
 * The benchmark's rows, generated once so that generating them is not measured: orders {@code (id
 * INT, name STRING, price DOUBLE, qty BIGINT)} whose ids are drawn from a fixed key space, so that
 * successive batches update keys earlier batches wrote (upserts). Partial rows ({@link
 * #generatePartial}) fill either {@code name} or {@code price} and {@code qty}, the other value
 * columns null, as the inputs of a partial-update table do.
 */
final class OrderRows {

  static final int NAMES = 1024;

  final int[] ids;
  final String[] names;
  final double[] prices;
  final long[] quantities;

  /** Per row: whether it fills {@code name}, whether it fills {@code price} and {@code qty}. */
  private final boolean[] fillsName;

  private final boolean[] fillsAmounts;

  private OrderRows(int count, int keySpace, long seed, boolean partial) {
    SplittableRandom random = new SplittableRandom(seed);
    ids = new int[count];
    names = new String[count];
    prices = new double[count];
    quantities = new long[count];
    fillsName = new boolean[count];
    fillsAmounts = new boolean[count];
    String[] pool = new String[NAMES];
    for (int i = 0; i < NAMES; i++) {
      pool[i] = "customer-" + Integer.toHexString(random.nextInt()) + "-order-name";
    }
    for (int i = 0; i < count; i++) {
      ids[i] = random.nextInt(keySpace);
      names[i] = pool[random.nextInt(NAMES)];
      prices[i] = random.nextInt(1_000_000) / 100.0;
      quantities[i] = random.nextLong(1, 10_000);
      boolean name = !partial || random.nextBoolean();
      fillsName[i] = name;
      fillsAmounts[i] = !partial || !name;
    }
  }

  /** {@code count} rows with ids in {@code [0, keySpace)}. */
  static OrderRows generate(int count, int keySpace, long seed) {
    return new OrderRows(count, keySpace, seed, false);
  }

  /**
   * {@code count} rows with ids in {@code [0, keySpace)}, each filling either {@code name} or
   * {@code price} and {@code qty} (chosen at random), the other value columns null.
   */
  static OrderRows generatePartial(int count, int keySpace, long seed) {
    return new OrderRows(count, keySpace, seed, true);
  }

  /** Row {@code i}'s name, or null if the row leaves it unset. */
  String name(int i) {
    return fillsName[i] ? names[i] : null;
  }

  /** Whether row {@code i} sets {@code price} and {@code qty} (otherwise both are null). */
  boolean fillsAmounts(int i) {
    return fillsAmounts[i];
  }

  int size() {
    return ids.length;
  }
}
