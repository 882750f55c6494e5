package dev.lakeops.agent.im;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.agent.InvalidInputException;
import dev.lakeops.agent.chat.ChatButton;
import dev.lakeops.agent.chat.ChatHandler;
import dev.lakeops.agent.chat.ChatIntent;
import dev.lakeops.agent.chat.ChatLink;
import dev.lakeops.agent.chat.ChatMessage;
import dev.lakeops.agent.chat.ChatReply;
import dev.lakeops.agent.chat.Language;
import dev.lakeops.agent.chat.Platform;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/**
 * The REST chat API: {@code {"thread", "user", "text"[, "language"]}} in, the reply out, answered
 * when the handler is done (a triage takes seconds). Thread memory is keyed by {@code thread}.
 */
@Path("/api/chat")
public class ChatResource {

  /** The channel of every REST thread: a thread {@code t} is keyed {@code api:api:t}. */
  public static final String CHANNEL = "api";

  static final int MAX_ID_CHARS = 200;
  static final int MAX_TEXT_CHARS = 4000;

  private final ChatHandler handler;
  private final ChannelLanguages languages;

  ChatResource(ChatHandler handler, ChannelLanguages languages) {
    this.handler = handler;
    this.languages = languages;
  }

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Answer chat(byte[] body) {
    JsonNode request = RequestJson.object(body, "body");
    String thread = bounded(RequestJson.text(request, "", "thread"), "thread", MAX_ID_CHARS);
    String user = bounded(RequestJson.text(request, "", "user"), "user", MAX_ID_CHARS);
    String text = bounded(RequestJson.text(request, "", "text"), "text", MAX_TEXT_CHARS);
    String tag = RequestJson.optionalText(request, "", "language");
    Language language =
        tag == null
            ? languages.of(Platform.API, CHANNEL)
            : Language.find(tag)
                .orElseThrow(
                    () ->
                        new InvalidInputException("language", "'" + tag + "' is not en or zh-CN"));
    ChatReply reply =
        handler.handle(new ChatMessage(Platform.API, thread, CHANNEL, user, text, language));
    Card card =
        reply
            .findCard()
            .map(
                c ->
                    new Card(
                        c.title(),
                        c.buttons().stream().map(Button::of).toList(),
                        c.links().stream().map(Link::of).toList()))
            .orElse(null);
    return new Answer(thread, reply.intent(), reply.language().tag(), reply.markdown(), card);
  }

  private static String bounded(String value, String field, int max) {
    if (value.isBlank()) {
      throw new InvalidInputException(field, "is blank");
    }
    if (value.length() > max) {
      throw new InvalidInputException(
          field, "is " + value.length() + " characters; at most " + max + " are accepted");
    }
    return value;
  }

  /**
   * The reply: {@code intent} and field names are language-neutral, {@code markdown} is in {@code
   * language}.
   */
  public record Answer(
      String thread, ChatIntent.Kind intent, String language, String markdown, Card card) {}

  public record Card(String title, List<Button> buttons, List<Link> links) {}

  /**
   * A button; {@code POST /api/chat} with {@code text = "<action> <proposalId>"} does what clicking
   * it does.
   */
  public record Button(String label, String action, String proposalId) {
    static Button of(ChatButton b) {
      return new Button(b.label(), b.action().id(), b.proposalId());
    }
  }

  /**
   * A signed one-time link issued to {@code user}: GET shows a confirmation page, its button
   * decides once.
   */
  public record Link(String label, String action, String proposalId, String user, String url) {
    static Link of(ChatLink l) {
      return new Link(l.label(), l.action().id(), l.proposalId(), l.user(), l.url());
    }
  }
}
