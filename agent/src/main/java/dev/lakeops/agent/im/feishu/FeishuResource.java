package dev.lakeops.agent.im.feishu;

import dev.lakeops.agent.im.Acknowledger;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * The Feishu/Lark app's event and card-callback Request URL. Answers {@code {}} at once; replies
 * follow as cards.
 */
@Path("/api/im/feishu")
public class FeishuResource {

  private final FeishuAdapter feishu;
  private final Acknowledger acks;

  FeishuResource(FeishuAdapter feishu, Acknowledger acks) {
    this.feishu = feishu;
    this.acks = acks;
  }

  @POST
  @Path("/events")
  @Consumes(MediaType.WILDCARD)
  public Response events(
      @HeaderParam("X-Lark-Request-Timestamp") String timestamp,
      @HeaderParam("X-Lark-Request-Nonce") String nonce,
      @HeaderParam("X-Lark-Signature") String signature,
      byte[] body) {
    return acks.answer(
        feishu.events(timestamp, nonce, signature, body), "{}", MediaType.APPLICATION_JSON);
  }
}
