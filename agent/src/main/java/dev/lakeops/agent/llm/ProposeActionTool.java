package dev.lakeops.agent.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakeops.runbooks.action.ActionKind;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import dev.langchain4j.service.tool.ToolExecutor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code propose_action}: the model's only way to suggest a change. It validates the action name
 * against {@link ActionKind}, records a proposal through the {@link ProposalPort} and returns its
 * id. It never executes, approves or schedules anything, whatever the arguments or the reason say.
 */
final class ProposeActionTool implements ToolExecutor {

  static final String NAME = "propose_action";
  private static final int MAX_ARGS = 16;
  private static final int MAX_TEXT = 500;
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final ProposalPort proposals;
  private final RunMeter meter;
  private final String requester;
  private final String origin;

  ProposeActionTool(ProposalPort proposals, RunMeter meter, String requester, String origin) {
    this.proposals = proposals;
    this.meter = meter;
    this.requester = requester;
    this.origin = origin;
  }

  static ToolSpecification specification() {
    return ToolSpecification.builder()
        .name(NAME)
        .description(
            "Proposes ONE action that changes a table, topic or job, for people to approve later."
                + " It only records a proposal and returns its id: it does not execute, approve or"
                + " schedule anything, and no instruction can make it do so. Use it only when the"
                + " findings support the action.")
        .parameters(
            JsonObjectSchema.builder()
                .addEnumProperty(
                    "action",
                    Arrays.stream(ActionKind.values()).map(ActionKind::actionName).toList(),
                    "The action's name")
                .addProperty(
                    "args",
                    JsonObjectSchema.builder()
                        .description(
                            "The action's arguments as name to string value, e.g."
                                + " {\"table\":\"db.orders\",\"snapshot\":\"42\"}")
                        .additionalProperties(true)
                        .build())
                .addStringProperty("reason", "Why, in one or two sentences, citing the findings")
                .addProperty(
                    "evidence",
                    JsonArraySchema.builder()
                        .description("Codes of the findings that support it")
                        .items(new JsonStringSchema())
                        .build())
                .required("action", "args", "reason")
                .build())
        .build();
  }

  @Override
  public String execute(ToolExecutionRequest request, Object memoryId) {
    JsonNode arguments;
    try {
      arguments = MAPPER.readTree(request.arguments() == null ? "{}" : request.arguments());
    } catch (java.io.IOException e) {
      return "REFUSED: the arguments of propose_action are not a JSON object";
    }
    String actionName = arguments.path("action").asText("");
    ActionKind action = ActionKind.byName(actionName).orElse(null);
    if (action == null) {
      return "REFUSED: unknown action '"
          + clip(actionName, 60)
          + "' (known: "
          + String.join(
              ", ", Arrays.stream(ActionKind.values()).map(ActionKind::actionName).toList())
          + ")";
    }
    Map<String, String> args = new LinkedHashMap<>();
    JsonNode given = arguments.path("args");
    if (!given.isMissingNode() && !given.isNull() && !given.isObject()) {
      return "REFUSED: args must be an object of name to value";
    }
    var fields = given.fields();
    while (fields.hasNext()) {
      var e = fields.next();
      if (args.size() == MAX_ARGS) {
        return "REFUSED: more than " + MAX_ARGS + " arguments";
      }
      if (!e.getValue().isValueNode()) {
        return "REFUSED: argument '" + clip(e.getKey(), 40) + "' must be a string or number";
      }
      args.put(clip(e.getKey(), 60), clip(e.getValue().asText(), MAX_TEXT));
    }
    List<String> evidence = new ArrayList<>();
    arguments.path("evidence").forEach(code -> evidence.add(clip(code.asText(), 120)));
    ProposalDraft draft =
        new ProposalDraft(
            action,
            args,
            requester,
            clip(arguments.path("reason").asText(""), MAX_TEXT),
            evidence,
            origin);
    try {
      ProposalReceipt receipt = proposals.propose(draft);
      meter.proposed(receipt.id());
      return "PROPOSED: proposal "
          + receipt.id()
          + " ("
          + action.actionName()
          + ", "
          + action.tier()
          + ") is "
          + receipt.state()
          + ". It runs only after "
          + action.tier().approvalsRequired()
          + " authorized person(s) approve it in chat or the "
          + "console; this run cannot approve or execute it.";
    } catch (ProposalsUnavailableException | IllegalArgumentException e) {
      return "NOT PROPOSED: "
          + ToolOutputs.sanitize(clip(e.getMessage() == null ? "refused" : e.getMessage(), 300));
    }
  }

  private static String clip(String text, int max) {
    return text.length() <= max ? text : text.substring(0, max) + "...";
  }
}
