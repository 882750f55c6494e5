package dev.lakeops.agent.im.dingtalk;

import dev.lakeops.agent.im.Acknowledger;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * The DingTalk robot's message callback URL. Answers {@code {}} at once; the reply goes to the
 * session webhook.
 */
@Path("/api/im/dingtalk")
public class DingTalkResource {

  private final DingTalkAdapter dingTalk;
  private final Acknowledger acks;

  DingTalkResource(DingTalkAdapter dingTalk, Acknowledger acks) {
    this.dingTalk = dingTalk;
    this.acks = acks;
  }

  @POST
  @Path("/events")
  @Consumes(MediaType.WILDCARD)
  public Response events(
      @HeaderParam("timestamp") String timestamp, @HeaderParam("sign") String sign, byte[] body) {
    return acks.answer(dingTalk.events(timestamp, sign, body), "{}", MediaType.APPLICATION_JSON);
  }
}
