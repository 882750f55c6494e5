package dev.lakeops.agent.im;

import dev.lakeops.agent.chat.ChatReply;

/**
 * Posts a reply to the place a message came from (a Slack thread, a Feishu message, a DingTalk
 * session webhook, a WeCom user), in the platform's format.
 */
@FunctionalInterface
public interface ReplySender {

  /**
   * Sends {@code reply}.
   *
   * @throws DeliveryException the platform refused it or could not be reached
   */
  void send(ChatReply reply);
}
