package dev.lakeops.agent.chat;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * An interactive card attached to a reply: a title, the buttons under it and, when approval links
 * are configured, signed one-time links issued to the person the reply answers. Each platform
 * renders it natively (Slack Block Kit actions, a Feishu interactive card, a DingTalk ActionCard,
 * WeCom markdown with the commands to type).
 */
public record ChatCard(String title, List<ChatButton> buttons, List<ChatLink> links) {

  public ChatCard {
    requireNonNull(title, "title");
    buttons = List.copyOf(buttons);
    links = List.copyOf(links);
  }

  public ChatCard(String title, List<ChatButton> buttons) {
    this(title, buttons, List.of());
  }
}
