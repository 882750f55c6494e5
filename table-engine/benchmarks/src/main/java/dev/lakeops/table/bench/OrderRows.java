package dev.lakeops.table.bench;

import java.util.SplittableRandom;

/**
 * The benchmark's rows, generated once so that generating them is not measured: orders {@code (id
 * INT, name STRING, price DOUBLE, qty BIGINT)} whose ids are drawn from a fixed key space, so that
 * successive batches update keys earlier batches wrote (upserts).
 */
final class OrderRows {

  static final int NAMES = 1024;

  final int[] ids;
  final String[] names;
  final double[] prices;
  final long[] quantities;

  private OrderRows(int count, int keySpace, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    ids = new int[count];
    names = new String[count];
    prices = new double[count];
    quantities = new long[count];
    String[] pool = new String[NAMES];
    for (int i = 0; i < NAMES; i++) {
      pool[i] = "customer-" + Integer.toHexString(random.nextInt()) + "-order-name";
    }
    for (int i = 0; i < count; i++) {
      ids[i] = random.nextInt(keySpace);
      names[i] = pool[random.nextInt(NAMES)];
      prices[i] = random.nextInt(1_000_000) / 100.0;
      quantities[i] = random.nextLong(1, 10_000);
    }
  }

  /** {@code count} rows with ids in {@code [0, keySpace)}. */
  static OrderRows generate(int count, int keySpace, long seed) {
    return new OrderRows(count, keySpace, seed);
  }

  int size() {
    return ids.length;
  }
}
