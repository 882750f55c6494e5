package dev.lakeops.agent.im;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.Response;

/**
 * Turns a verified request into the HTTP answer at once: a handshake gets its answer, a chat
 * message is queued on the {@link ChatDispatcher} and acknowledged with {@code ack}, anything else
 * is acknowledged the same way. Nothing here waits for the handler.
 */
@ApplicationScoped
public class Acknowledger {

  private final ChatDispatcher dispatcher;

  public Acknowledger(ChatDispatcher dispatcher) {
    this.dispatcher = dispatcher;
  }

  public Response answer(Inbound inbound, String ack, String ackType) {
    if (inbound instanceof Inbound.Answer a) {
      return Response.ok(a.body(), a.mediaType()).build();
    }
    if (inbound instanceof Inbound.Chat chat) {
      dispatcher.dispatch(chat);
    }
    return Response.ok(ack, ackType).build();
  }
}
