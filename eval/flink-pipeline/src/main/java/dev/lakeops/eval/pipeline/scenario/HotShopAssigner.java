package dev.lakeops.eval.pipeline.scenario;

import org.apache.flink.api.common.functions.MapFunction;

/**
 * Gives 8 of every 10 records the shop {@value #HOT_SHOP}; the rest spread over about a thousand
 * shops.
 */
final class HotShopAssigner implements MapFunction<Long, String> {

  private static final long serialVersionUID = 1L;
  static final String HOT_SHOP = "shop-1";

  @Override
  public String map(Long n) {
    return n % 10 < 8 ? HOT_SHOP : "shop-" + (2 + n % 997);
  }
}
