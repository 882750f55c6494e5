package dev.lakeops.agent.chat;

import static java.util.Objects.requireNonNull;

/**
 * A signed one-time approval link on a card: opening it shows a confirmation page, and its button
 * makes the decision as {@code user}. The fallback where a button cannot call lakeops back (and the
 * main way on DingTalk and WeCom).
 *
 * @param label the text of the link, in the reply's language, naming the user (e.g. "Approve as
 *     alice (link)")
 * @param user the lakeops user the link was issued to
 * @param url the link; a credential for one decision by {@code user}, so it is issued only to that
 *     user
 */
public record ChatLink(
    String label, ChatButton.Action action, String proposalId, String user, String url) {

  public ChatLink {
    requireNonNull(label, "label");
    requireNonNull(action, "action");
    requireNonNull(proposalId, "proposalId");
    requireNonNull(user, "user");
    requireNonNull(url, "url");
  }
}
