package dev.lakeops.eval.pipeline;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Creates the orders topic through Kafka's Admin API, waiting for the broker to answer. */
final class OrderTopic {

  private static final Logger LOG = LoggerFactory.getLogger(OrderTopic.class);
  private static final int PARTITIONS = 2;
  private static final Duration ATTEMPT_TIMEOUT = Duration.ofSeconds(5);

  private OrderTopic() {}

  /**
   * Creates {@code topic} with two partitions unless it exists, retrying until the broker answers.
   *
   * <p>The topic must exist before the job starts: the Kafka source reads the topic's partitions
   * when it starts and discovers new ones only every few minutes.
   *
   * @throws IllegalStateException the broker did not answer within {@code timeout}
   */
  static void ensureExists(String bootstrap, String topic, Duration timeout)
      throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    Map<String, Object> config =
        Map.of(
            AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
            AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) ATTEMPT_TIMEOUT.toMillis(),
            AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) ATTEMPT_TIMEOUT.toMillis());
    try (Admin admin = Admin.create(config)) {
      while (true) {
        try {
          admin
              .createTopics(List.of(new NewTopic(topic, PARTITIONS, (short) 1)))
              .all()
              .get(ATTEMPT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
          LOG.info("Created topic {} with {} partitions", topic, PARTITIONS);
          return;
        } catch (ExecutionException e) {
          if (e.getCause() instanceof TopicExistsException) {
            LOG.info("Topic {} exists", topic);
            return;
          }
          failIfPast(deadline, bootstrap, e.getCause());
          LOG.info("Kafka at {} not ready yet: {}", bootstrap, e.getCause().toString());
        } catch (TimeoutException e) {
          failIfPast(deadline, bootstrap, e);
          LOG.info("Kafka at {} not answering yet", bootstrap);
        }
        Thread.sleep(500);
      }
    }
  }

  private static void failIfPast(long deadline, String bootstrap, Throwable cause) {
    if (System.nanoTime() > deadline) {
      throw new IllegalStateException(
          "Kafka at " + bootstrap + " did not answer in time: " + cause, cause);
    }
  }
}
