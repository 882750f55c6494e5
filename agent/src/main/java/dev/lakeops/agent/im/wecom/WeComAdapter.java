package dev.lakeops.agent.im.wecom;

import dev.lakeops.agent.chat.ChatMessage;
import dev.lakeops.agent.chat.Platform;
import dev.lakeops.agent.im.ChannelLanguages;
import dev.lakeops.agent.im.DeliveryException;
import dev.lakeops.agent.im.Inbound;
import dev.lakeops.agent.im.VerificationException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * WeCom self-built app callbacks: the GET URL verification ({@code echostr} decrypted and echoed)
 * and POSTed XML whose {@code <Encrypt>} holds the message. A decrypted {@code text} message
 * becomes a chat message; the reply is sent to the user with the app message API (WeCom has no
 * threads, so the user is the thread).
 */
public final class WeComAdapter {

  private final @Nullable WeComCrypto crypto;
  private final @Nullable WeComClient client;
  private final ChannelLanguages languages;

  /**
   * @param crypto null when token, EncodingAESKey or corp id are not configured: every request is
   *     refused
   * @param client null when the app secret or agent id are not configured: replies cannot be sent
   */
  public WeComAdapter(
      @Nullable WeComCrypto crypto, @Nullable WeComClient client, ChannelLanguages languages) {
    this.crypto = crypto;
    this.client = client;
    this.languages = languages;
  }

  /** The plaintext of {@code echostr}, which WeCom expects back verbatim. */
  public String verifyUrl(
      @Nullable String msgSignature,
      @Nullable String timestamp,
      @Nullable String nonce,
      @Nullable String echostr) {
    return crypto().verifyAndDecrypt(msgSignature, timestamp, nonce, echostr);
  }

  public Inbound events(
      @Nullable String msgSignature,
      @Nullable String timestamp,
      @Nullable String nonce,
      byte[] body) {
    WeComCrypto crypto = crypto();
    String encrypt = WeComXml.required(WeComXml.fields(body, "body"), "Encrypt", "xml.");
    String xml = crypto.verifyAndDecrypt(msgSignature, timestamp, nonce, encrypt);
    Map<String, String> message =
        WeComXml.fields(xml.getBytes(StandardCharsets.UTF_8), "Encrypt (decrypted)");
    String type = WeComXml.required(message, "MsgType", "Encrypt.");
    if (!type.equals("text")) {
      return new Inbound.Ignore("MsgType " + type);
    }
    String user = WeComXml.required(message, "FromUserName", "Encrypt.");
    String content = WeComXml.required(message, "Content", "Encrypt.");
    String agent = message.getOrDefault("AgentID", "");
    ChatMessage chat =
        new ChatMessage(
            Platform.WECOM, user, agent, user, content, languages.of(Platform.WECOM, agent));
    return new Inbound.Chat(
        chat,
        message.get("MsgId"),
        reply -> {
          if (client == null) {
            throw new DeliveryException(
                "WeCom reply not sent: lakeops.im.wecom.secret and agent-id are not configured");
          }
          client.sendToUser(user, reply);
        });
  }

  private WeComCrypto crypto() {
    if (crypto == null) {
      throw new VerificationException(
          "WeCom requests cannot be verified: lakeops.im.wecom.token, encoding-aes-key and corp-id"
              + " are not all configured");
    }
    return crypto;
  }
}
