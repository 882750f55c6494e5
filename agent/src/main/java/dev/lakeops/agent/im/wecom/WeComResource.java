package dev.lakeops.agent.im.wecom;

import dev.lakeops.agent.im.Acknowledger;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * The WeCom app's callback URL: GET answers the URL verification with the decrypted {@code
 * echostr}; POST acknowledges an encrypted message at once (an empty 200) and the reply is sent
 * with the app message API.
 */
@Path("/api/im/wecom")
public class WeComResource {

  private final WeComAdapter weCom;
  private final Acknowledger acks;

  WeComResource(WeComAdapter weCom, Acknowledger acks) {
    this.weCom = weCom;
    this.acks = acks;
  }

  @GET
  @Path("/events")
  @Produces(MediaType.TEXT_PLAIN)
  public String verify(
      @QueryParam("msg_signature") String signature,
      @QueryParam("timestamp") String timestamp,
      @QueryParam("nonce") String nonce,
      @QueryParam("echostr") String echostr) {
    return weCom.verifyUrl(signature, timestamp, nonce, echostr);
  }

  @POST
  @Path("/events")
  @Consumes(MediaType.WILDCARD)
  public Response events(
      @QueryParam("msg_signature") String signature,
      @QueryParam("timestamp") String timestamp,
      @QueryParam("nonce") String nonce,
      byte[] body) {
    return acks.answer(weCom.events(signature, timestamp, nonce, body), "", MediaType.TEXT_PLAIN);
  }
}
