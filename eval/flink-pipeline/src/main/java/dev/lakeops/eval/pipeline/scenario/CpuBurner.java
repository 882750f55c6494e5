package dev.lakeops.eval.pipeline.scenario;

import org.apache.flink.api.common.functions.MapFunction;

/** Spends about 0.2 ms of pure computation on every record (a mixing loop the JIT cannot drop). */
final class CpuBurner implements MapFunction<Long, Long> {

  private static final long serialVersionUID = 1L;
  private static final int ROUNDS = 50_000;

  @Override
  public Long map(Long n) {
    long x = n;
    for (int i = 0; i < ROUNDS; i++) {
      x ^= x << 13;
      x ^= x >>> 7;
      x ^= x << 17;
    }
    return x;
  }
}
