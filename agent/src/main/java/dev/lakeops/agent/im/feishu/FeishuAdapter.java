package dev.lakeops.agent.im.feishu;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.lakeops.agent.InvalidInputException;
import dev.lakeops.agent.chat.ChatMessage;
import dev.lakeops.agent.chat.Platform;
import dev.lakeops.agent.chat.PrivateLinks;
import dev.lakeops.agent.chat.ProposalIds;
import dev.lakeops.agent.im.ChannelLanguages;
import dev.lakeops.agent.im.DeliveryException;
import dev.lakeops.agent.im.Digests;
import dev.lakeops.agent.im.Inbound;
import dev.lakeops.agent.im.ReplySender;
import dev.lakeops.agent.im.RequestJson;
import dev.lakeops.agent.im.VerificationException;
import dev.lakeops.tools.Json;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;

/**
 * Feishu/Lark event subscription requests, verified and parsed.
 *
 * <p>Verification: with an Encrypt Key configured the body must be {@code {"encrypt": ...}}; it is
 * decrypted with {@link FeishuCrypto}, and {@code X-Lark-Signature} is checked whenever it is sent
 * (events are refused without it; only the URL-verification handshake may come unsigned, and it is
 * still authenticated by decrypting and by its token). The Verification Token (top-level {@code
 * token}, or {@code header.token} in schema 2.0) must match in every case.
 *
 * <p>Content: {@code url_verification} → the challenge; {@code im.message.receive_v1} text messages
 * from users → chat messages replied to with a card; card action callbacks ({@code
 * card.action.trigger} in schema 2.0, or the older top-level {@code action}) of {@link
 * FeishuCard}'s buttons → the commands {@code approve <id>} / {@code reject <id>}.
 */
public final class FeishuAdapter {

  private final @Nullable String verificationToken;
  private final @Nullable String encryptKey;
  private final @Nullable FeishuClient client;
  private final ChannelLanguages languages;

  /**
   * @param verificationToken null when not configured: every request is refused
   * @param encryptKey null when events are sent in plain text
   * @param client null when no app id and secret are configured: replies cannot be sent
   */
  public FeishuAdapter(
      @Nullable String verificationToken,
      @Nullable String encryptKey,
      @Nullable FeishuClient client,
      ChannelLanguages languages) {
    this.verificationToken = blankToNull(verificationToken);
    this.encryptKey = blankToNull(encryptKey);
    this.client = client;
    this.languages = languages;
  }

  public Inbound events(
      @Nullable String timestamp, @Nullable String nonce, @Nullable String signature, byte[] body) {
    if (verificationToken == null) {
      throw new VerificationException(
          "Feishu requests cannot be verified: lakeops.im.feishu.verification-token is not"
              + " configured");
    }
    JsonNode root = RequestJson.object(body, "body");
    boolean signed = false;
    if (encryptKey != null) {
      if (signature != null && !signature.isBlank()) {
        if (timestamp == null || nonce == null) {
          throw new VerificationException(
              "X-Lark-Request-Timestamp and X-Lark-Request-Nonce: are required with"
                  + " X-Lark-Signature");
        }
        if (!Digests.same(
            FeishuCrypto.signature(timestamp, nonce, encryptKey, body), signature.strip())) {
          throw new VerificationException(
              "X-Lark-Signature: does not match the body and the configured encrypt key");
        }
        signed = true;
      }
      String encrypted = RequestJson.optionalText(root, "", "encrypt");
      if (encrypted == null) {
        throw new VerificationException(
            "body: is not encrypted, but lakeops.im.feishu.encrypt-key is configured");
      }
      root =
          RequestJson.object(
              FeishuCrypto.decrypt(encryptKey, encrypted).getBytes(StandardCharsets.UTF_8),
              "encrypt (decrypted)");
    }
    boolean schema2 = "2.0".equals(RequestJson.optionalText(root, "", "schema"));
    String token =
        schema2
            ? RequestJson.optionalText(RequestJson.object(root, "", "header"), "header.", "token")
            : RequestJson.optionalText(root, "", "token");
    if (token == null || !Digests.same(verificationToken, token)) {
      throw new VerificationException(
          (schema2 ? "header.token" : "token")
              + ": does not match the configured verification token");
    }
    if ("url_verification".equals(RequestJson.optionalText(root, "", "type"))) {
      String challenge = RequestJson.text(root, "", "challenge");
      return new Inbound.Answer(
          Json.compact(JsonNodeFactory.instance.objectNode().put("challenge", challenge)),
          "application/json");
    }
    if (encryptKey != null && !signed) {
      throw new VerificationException(
          "X-Lark-Signature: is missing; events must be signed when an encrypt key is configured");
    }
    if (!schema2) {
      return root.has("action") && root.has("open_message_id")
          ? cardActionV1(root)
          : new Inbound.Ignore("event schema 1.0");
    }
    JsonNode header = RequestJson.object(root, "", "header");
    String eventType = RequestJson.text(header, "header.", "event_type");
    String eventId = RequestJson.optionalText(header, "header.", "event_id");
    JsonNode event = RequestJson.object(root, "", "event");
    return switch (eventType) {
      case "im.message.receive_v1" -> message(event, eventId);
      case "card.action.trigger" -> cardAction(event, eventId);
      default -> new Inbound.Ignore("event " + eventType);
    };
  }

  private Inbound message(JsonNode event, @Nullable String eventId) {
    JsonNode sender = RequestJson.object(event, "event.", "sender");
    if (!"user".equals(RequestJson.optionalText(sender, "event.sender.", "sender_type"))) {
      return new Inbound.Ignore("message from a non-user sender");
    }
    String user =
        RequestJson.text(
            RequestJson.object(sender, "event.sender.", "sender_id"),
            "event.sender.sender_id.",
            "open_id");
    JsonNode message = RequestJson.object(event, "event.", "message");
    String type = RequestJson.text(message, "event.message.", "message_type");
    if (!type.equals("text")) {
      return new Inbound.Ignore("message_type " + type);
    }
    String messageId = RequestJson.text(message, "event.message.", "message_id");
    String chatId = RequestJson.text(message, "event.message.", "chat_id");
    boolean direct = "p2p".equals(RequestJson.optionalText(message, "event.message.", "chat_type"));
    String rootId = RequestJson.optionalText(message, "event.message.", "root_id");
    // content is itself a JSON document in a string: {"text": "@_user_1 triage orders"}
    JsonNode content =
        RequestJson.object(
            RequestJson.text(message, "event.message.", "content").getBytes(StandardCharsets.UTF_8),
            "event.message.content");
    String text = RequestJson.text(content, "event.message.content.", "text");
    String thread = rootId == null || rootId.isBlank() ? messageId : rootId;
    ChatMessage chat =
        new ChatMessage(
            Platform.FEISHU, thread, chatId, user, text, languages.of(Platform.FEISHU, chatId));
    return new Inbound.Chat(chat, eventId, replyTo(messageId, direct));
  }

  private Inbound cardAction(JsonNode event, @Nullable String eventId) {
    String user =
        RequestJson.text(
            RequestJson.object(event, "event.", "operator"), "event.operator.", "open_id");
    JsonNode value =
        RequestJson.object(RequestJson.object(event, "event.", "action"), "event.action.", "value");
    JsonNode context = RequestJson.object(event, "event.", "context");
    String chatId = RequestJson.text(context, "event.context.", "open_chat_id");
    String messageId = RequestJson.text(context, "event.context.", "open_message_id");
    return buttonClick(value, "event.action.value.", user, chatId, messageId, eventId);
  }

  private Inbound cardActionV1(JsonNode root) {
    String user = RequestJson.text(root, "", "open_id");
    JsonNode value = RequestJson.object(RequestJson.object(root, "", "action"), "action.", "value");
    String chatId = RequestJson.text(root, "", "open_chat_id");
    String messageId = RequestJson.text(root, "", "open_message_id");
    return buttonClick(value, "action.value.", user, chatId, messageId, null);
  }

  private Inbound buttonClick(
      JsonNode value,
      String path,
      String user,
      String chatId,
      String messageId,
      @Nullable String eventId) {
    String action = RequestJson.text(value, path, "action");
    String proposal = RequestJson.text(value, path, "proposal");
    if (!(action.equals("approve") || action.equals("reject"))) {
      throw new InvalidInputException(path + "action", "'" + action + "' is not approve or reject");
    }
    if (!ProposalIds.isValid(proposal)) {
      throw new InvalidInputException(path + "proposal", "is not a valid proposal id");
    }
    ChatMessage chat =
        new ChatMessage(
            Platform.FEISHU,
            messageId,
            chatId,
            user,
            action + " " + proposal,
            languages.of(Platform.FEISHU, chatId));
    return new Inbound.Chat(chat, eventId, replyTo(messageId, false));
  }

  /**
   * Replies to the message; approval links (one person's credential) only in a direct (p2p) chat.
   */
  private ReplySender replyTo(String messageId, boolean direct) {
    return reply -> {
      if (client == null) {
        throw new DeliveryException(
            "Feishu reply not sent: lakeops.im.feishu.app-id and app-secret are not configured");
      }
      client.reply(messageId, direct ? reply : PrivateLinks.forGroup(reply));
    };
  }

  private static @Nullable String blankToNull(@Nullable String s) {
    return s == null || s.isBlank() ? null : s;
  }
}
