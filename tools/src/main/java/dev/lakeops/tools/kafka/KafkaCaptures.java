package dev.lakeops.tools.kafka;

import dev.lakeops.tools.Pauses;
import java.time.Clock;
import java.time.Duration;

/**
 * Where {@link KafkaTools} gets its lag snapshots and how it waits between two of them: from the
 * cluster itself with the AdminClient ({@link #probes}), or from a model of a cluster that answers
 * the same snapshots and moves its clock instead of sleeping (the eval's simulated world).
 */
public interface KafkaCaptures {

  /** One snapshot of what {@code scope} covers. */
  KafkaLagSnapshot capture(KafkaCluster cluster, KafkaProbeOptions options, LagScope scope);

  /** Waits {@code pause} before the next sample. */
  void pause(Duration pause);

  /** The AdminClient probe of each cluster, waiting on the thread. */
  static KafkaCaptures probes(Clock clock) {
    return new KafkaCaptures() {
      @Override
      public KafkaLagSnapshot capture(
          KafkaCluster cluster, KafkaProbeOptions options, LagScope scope) {
        return new KafkaLagProbe(cluster, options, clock).capture(scope);
      }

      @Override
      public void pause(Duration pause) {
        Pauses.sleep(pause);
      }
    };
  }
}
