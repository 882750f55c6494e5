package dev.lakeops.agent.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.agent.InvalidInputException;
import dev.lakeops.agent.approval.ProposalService;
import dev.lakeops.agent.http.ApiError;
import dev.lakeops.runbooks.action.ActionKind;
import dev.lakeops.runbooks.approval.ApprovalRefusedException;
import dev.lakeops.runbooks.approval.ApprovalSource;
import dev.lakeops.runbooks.approval.DuplicateProposalException;
import dev.lakeops.runbooks.approval.Proposal;
import dev.lakeops.runbooks.approval.ProposalJson;
import dev.lakeops.tools.Json;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Proposals over HTTP. Reading needs no credentials beyond the network; proposing, approving and
 * rejecting need a user's token ({@code Authorization: Bearer}, {@code
 * lakeops.approvers.<user>.token}). An approval that completes the action's tier runs the stored
 * proposal at once; the answer says what ran and how its verification went. A refusal is {@code
 * 409} (or {@code 403} for a person who may not approve) with the reason, and is in the audit log;
 * a proposal identical to an open one is {@code 409} with the open one's id in {@code existing}.
 */
@Path("/api/proposals")
@Produces(MediaType.APPLICATION_JSON)
public class ProposalResource {

  /** The answer to a proposal identical to an open one: {@code existing} is the open one's id. */
  record Duplicate(String error, String existing) {}

  private final ProposalService proposals;

  ProposalResource(ProposalService proposals) {
    this.proposals = proposals;
  }

  @GET
  public Response list() {
    return json(proposals.list().stream().map(ProposalResource::tree).toList());
  }

  @GET
  @Path("/{id}")
  public Response one(@PathParam("id") String id) {
    return proposals
        .find(id)
        .map(p -> json(tree(p)))
        .orElseGet(() -> ApiExceptionMappers.error(404, "no proposal with id " + id));
  }

  /**
   * Body {@code {"action":"table.create_tag","args":{...},"reason":"..."}}; the requester is the
   * token's user.
   */
  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  public Response propose(
      byte[] body, @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization) {
    String user = user(authorization);
    if (user == null) {
      return unauthorized(authorization);
    }
    JsonNode root = parse(body);
    String actionName = text(root, "action");
    ActionKind action =
        ActionKind.byName(actionName)
            .orElseThrow(
                () ->
                    new InvalidInputException(
                        "action", "unknown action '" + actionName + "'; one of " + names()));
    Map<String, String> args = new LinkedHashMap<>();
    JsonNode argsNode = root.path("args");
    if (!argsNode.isMissingNode() && !argsNode.isObject()) {
      throw new InvalidInputException("args", "must be an object of strings");
    }
    for (Map.Entry<String, JsonNode> e : argsNode.properties()) {
      if (!e.getValue().isValueNode()) {
        throw new InvalidInputException("args." + e.getKey(), "must be a string or number");
      }
      args.put(e.getKey(), e.getValue().asText());
    }
    String reason = root.path("reason").isTextual() ? root.path("reason").asText() : "";
    try {
      Proposal p = proposals.propose(action, args, user, reason, List.of(), null);
      return Response.status(201).entity(tree(p)).build();
    } catch (DuplicateProposalException e) {
      return Response.status(409)
          .type(MediaType.APPLICATION_JSON_TYPE)
          .entity(new Duplicate(new ApiError(e.getMessage()).error(), e.existingId()))
          .build();
    } catch (ApprovalRefusedException e) {
      return ApiExceptionMappers.error(409, e.getMessage());
    }
  }

  @POST
  @Path("/{id}/approve")
  public Response approve(
      @PathParam("id") String id,
      @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
      @Context HttpServerRequest request) {
    String user = user(authorization);
    if (user == null) {
      return unauthorized(authorization);
    }
    try {
      ProposalService.Decided decided = proposals.approve(id, user, source(request));
      Map<String, Object> answer = new LinkedHashMap<>();
      answer.put("proposal", tree(decided.proposal()));
      if (decided.execution() != null) {
        answer.put("execution", Json.mapper().valueToTree(decided.execution()));
      }
      if (decided.executionRefused() != null) {
        answer.put("executionRefused", decided.executionRefused());
      }
      return json(answer);
    } catch (ApprovalRefusedException e) {
      return refusal(id, user, e);
    }
  }

  @POST
  @Path("/{id}/reject")
  public Response reject(
      @PathParam("id") String id,
      @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
      @Context HttpServerRequest request) {
    String user = user(authorization);
    if (user == null) {
      return unauthorized(authorization);
    }
    try {
      return json(Map.of("proposal", tree(proposals.reject(id, user, source(request)))));
    } catch (ApprovalRefusedException e) {
      return refusal(id, user, e);
    }
  }

  private Response refusal(String id, String user, ApprovalRefusedException e) {
    if (proposals.find(id).isEmpty()) {
      return ApiExceptionMappers.error(404, e.getMessage());
    }
    return ApiExceptionMappers.error(
        proposals.users().isApprover(user) ? 409 : 403, e.getMessage());
  }

  private String user(String authorization) {
    if (authorization == null || !authorization.startsWith("Bearer ")) {
      return null;
    }
    return proposals
        .users()
        .byToken(authorization.substring("Bearer ".length()).strip())
        .orElse(null);
  }

  private static Response unauthorized(String authorization) {
    return Response.fromResponse(
            ApiExceptionMappers.error(
                401,
                authorization == null
                    ? "Authorization header is missing: send Bearer <token> of a user in"
                        + " lakeops.approvers"
                    : "the token is not a configured user's (lakeops.approvers.<user>.token)"))
        .header(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"lakeops\"")
        .build();
  }

  private static ApprovalSource source(HttpServerRequest request) {
    String address =
        request == null || request.remoteAddress() == null
            ? null
            : request.remoteAddress().hostAddress();
    return new ApprovalSource("api", address, null);
  }

  private static JsonNode tree(Proposal p) {
    try {
      return Json.mapper().readTree(ProposalJson.toJson(p));
    } catch (IOException e) {
      throw new IllegalStateException("Proposal " + p.id() + " cannot be shown as JSON", e);
    }
  }

  private static Response json(Object entity) {
    return Response.ok(entity).type(MediaType.APPLICATION_JSON_TYPE).build();
  }

  private static JsonNode parse(byte[] body) {
    try {
      JsonNode root = body.length == 0 ? null : Json.mapper().readTree(body);
      if (root == null || !root.isObject()) {
        throw new InvalidInputException(
            "body", "must be a JSON object {\"action\", \"args\", \"reason\"}");
      }
      return root;
    } catch (IOException e) {
      throw new InvalidInputException("body", "is not valid JSON");
    }
  }

  private static String text(JsonNode root, String field) {
    JsonNode n = root.get(field);
    if (n == null || !n.isTextual() || n.asText().isBlank()) {
      throw new InvalidInputException(field, "is missing; expected a string");
    }
    return n.asText();
  }

  private static String names() {
    List<String> names = new ArrayList<>();
    for (ActionKind k : ActionKind.values()) {
      names.add(k.actionName());
    }
    return String.join(", ", names);
  }
}
