package dev.lakeops.eval.sandbox;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;

/**
 * Waits for topics that another process creates (a connector's change topics), and creates the ones
 * the sandbox itself needs (the broker does not auto-create).
 */
final class KafkaTopics {

  private static final long POLL_MILLIS = 200;

  private KafkaTopics() {}

  /**
   * Returns once every topic of {@code topics} exists on the broker at {@code bootstrap}.
   *
   * @throws SandboxException they did not all appear within {@code timeout} (names those missing)
   */
  static void await(String bootstrap, Set<String> topics, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    Set<String> missing = new TreeSet<>(topics);
    try (Admin admin = admin(bootstrap)) {
      while (true) {
        missing.removeAll(admin.listTopics().names().get(5, TimeUnit.SECONDS));
        if (missing.isEmpty()) {
          return;
        }
        if (System.nanoTime() > deadline) {
          throw new SandboxException(
              "Topics " + missing + " did not appear on " + bootstrap + " within " + timeout);
        }
        Thread.sleep(POLL_MILLIS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SandboxException("Interrupted while waiting for topics " + missing, e);
    } catch (ExecutionException | TimeoutException e) {
      throw new SandboxException(
          "Cannot list the topics of " + bootstrap + ": " + e.getMessage(), e);
    }
  }

  /**
   * Creates {@code topic} with one partition, if it is not there.
   *
   * @throws SandboxException the broker refused or did not answer within {@code timeout}
   */
  static void create(String bootstrap, String topic, Duration timeout) {
    try (Admin admin = admin(bootstrap)) {
      if (admin
          .listTopics()
          .names()
          .get(timeout.toMillis(), TimeUnit.MILLISECONDS)
          .contains(topic)) {
        return;
      }
      admin
          .createTopics(Set.of(new NewTopic(topic, 1, (short) 1)))
          .all()
          .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SandboxException("Interrupted while creating topic " + topic, e);
    } catch (ExecutionException | TimeoutException e) {
      throw new SandboxException(
          "Cannot create topic " + topic + " on " + bootstrap + ": " + e.getMessage(), e);
    }
  }

  private static Admin admin(String bootstrap) {
    return Admin.create(
        Map.of(
            AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
            bootstrap,
            AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG,
            5_000,
            AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
            5_000));
  }
}
