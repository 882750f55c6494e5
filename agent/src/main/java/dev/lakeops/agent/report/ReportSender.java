package dev.lakeops.agent.report;

import dev.lakeops.agent.chat.ChatReply;
import java.util.Optional;

/** Posts reports to the configured channel. */
public interface ReportSender {

  /**
   * Posts {@code reply} as a new message.
   *
   * @return the key of the thread it starts (see {@link ReportThreads}), empty on unthreaded
   *     channels
   * @throws dev.lakeops.agent.im.DeliveryException the platform refused it or could not be reached
   */
  Optional<String> post(ChatReply reply);

  /**
   * Posts {@code reply} in the thread {@code threadKey} that {@link #post} started.
   *
   * @throws dev.lakeops.agent.im.DeliveryException the platform refused it or could not be reached
   */
  void reply(String threadKey, ChatReply reply);
}
