package dev.lakeops.agent.im.slack;

import dev.lakeops.agent.im.Acknowledger;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * Slack's Request URLs: {@code /events} for the Events API and slash commands, {@code /actions} for
 * interactivity (button clicks). Answers 200 at once; the reply is posted to the thread later.
 */
@Path("/api/im/slack")
public class SlackResource {

  private final SlackAdapter slack;
  private final Acknowledger acks;

  SlackResource(SlackAdapter slack, Acknowledger acks) {
    this.slack = slack;
    this.acks = acks;
  }

  @POST
  @Path("/events")
  @Consumes(MediaType.WILDCARD)
  public Response events(
      @HeaderParam("X-Slack-Request-Timestamp") String timestamp,
      @HeaderParam("X-Slack-Signature") String signature,
      byte[] body) {
    return acks.answer(slack.events(timestamp, signature, body), "", MediaType.TEXT_PLAIN);
  }

  @POST
  @Path("/actions")
  @Consumes(MediaType.WILDCARD)
  public Response actions(
      @HeaderParam("X-Slack-Request-Timestamp") String timestamp,
      @HeaderParam("X-Slack-Signature") String signature,
      byte[] body) {
    return acks.answer(slack.actions(timestamp, signature, body), "", MediaType.TEXT_PLAIN);
  }
}
