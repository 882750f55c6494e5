package dev.lakeops.agent.chat;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * An interactive card attached to a reply: a title and the buttons under it. Each platform renders
 * it natively (Slack Block Kit actions, a Feishu interactive card, a DingTalk ActionCard, WeCom
 * markdown with the commands to type).
 */
public record ChatCard(String title, List<ChatButton> buttons) {

  public ChatCard {
    requireNonNull(title, "title");
    buttons = List.copyOf(buttons);
  }
}
