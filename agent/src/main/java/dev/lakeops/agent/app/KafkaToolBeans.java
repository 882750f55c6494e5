package dev.lakeops.agent.app;

import dev.lakeops.runbooks.setup.TriageTools;
import dev.lakeops.tools.kafka.KafkaClusters;
import dev.lakeops.tools.kafka.KafkaTools;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * Wires the Kafka tools from {@code lakeops.kafka.clusters.*}; one lag history per agent, so lag
 * trends and rewinds build up across calls. A malformed profile fails the start naming its key.
 */
@Dependent
public class KafkaToolBeans {

  @Produces
  @Singleton
  KafkaClusters kafkaClusters(TriageTools tools) {
    return tools.config().kafka();
  }

  /** The triage registry's Kafka tools, so the model, chat and runbooks share one lag history. */
  @Produces
  @Singleton
  KafkaTools kafkaTools(TriageTools tools) {
    return tools.kafka();
  }
}
