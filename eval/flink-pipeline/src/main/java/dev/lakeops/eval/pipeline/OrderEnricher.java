package dev.lakeops.eval.pipeline;

import org.apache.flink.api.common.functions.MapFunction;

/**
 * Adds an amount band and a processing timestamp to an order's JSON.
 *
 * <p>Plain string operations keep this cheap, so the enrich step is never the bottleneck. A record
 * that is not an order object passes through unchanged.
 */
final class OrderEnricher implements MapFunction<String, String> {

  private static final long serialVersionUID = 1L;
  private static final String AMOUNT_FIELD = "\"amountCents\":";
  private static final long LARGE_ORDER_CENTS = 10_000;

  @Override
  public String map(String order) {
    int end = order.lastIndexOf('}');
    if (end < 0) {
      return order;
    }
    String band = amountCents(order) >= LARGE_ORDER_CENTS ? "large" : "small";
    return order.substring(0, end)
        + ",\"amountBand\":\""
        + band
        + "\""
        + ",\"enrichedAt\":"
        + System.currentTimeMillis()
        + order.substring(end);
  }

  /** Returns the value of {@code amountCents}, or 0 when it is missing or not a number. */
  static long amountCents(String order) {
    int start = order.indexOf(AMOUNT_FIELD);
    if (start < 0) {
      return 0;
    }
    int from = start + AMOUNT_FIELD.length();
    int to = from;
    while (to < order.length() && Character.isDigit(order.charAt(to))) {
      to++;
    }
    return to == from || to - from > 18 ? 0 : Long.parseLong(order.substring(from, to));
  }
}
