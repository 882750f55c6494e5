package dev.lakeops.runbooks.load;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.Confidence;
import dev.lakeops.runbooks.action.ActionKind;
import dev.lakeops.runbooks.graph.ActionStep;
import dev.lakeops.runbooks.graph.ApprovalStep;
import dev.lakeops.runbooks.graph.Bound;
import dev.lakeops.runbooks.graph.BranchStep;
import dev.lakeops.runbooks.graph.Choice;
import dev.lakeops.runbooks.graph.Conditional;
import dev.lakeops.runbooks.graph.EndStep;
import dev.lakeops.runbooks.graph.FindingSelector;
import dev.lakeops.runbooks.graph.Guard;
import dev.lakeops.runbooks.graph.InputSpec;
import dev.lakeops.runbooks.graph.Limits;
import dev.lakeops.runbooks.graph.MatchRule;
import dev.lakeops.runbooks.graph.ProbeStep;
import dev.lakeops.runbooks.graph.ProposeStep;
import dev.lakeops.runbooks.graph.RunbookGraph;
import dev.lakeops.runbooks.graph.Step;
import dev.lakeops.runbooks.graph.Template;
import dev.lakeops.runbooks.graph.VerdictSpec;
import dev.lakeops.runbooks.graph.VerifyStep;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.spec.Durations;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Turns the YAML tree of one runbook file into a {@link RunbookGraph}, collecting every structural
 * problem (missing or unknown keys, wrong types, unknown actions, categories or operators,
 * duplicate step ids) with the step it is in. Graph-level rules are {@link RunbookValidator}'s.
 */
final class RunbookParser {

  private static final Set<String> HEADER =
      Set.of("name", "description", "hop", "match", "inputs", "limits", "start", "steps");
  private static final List<String> KINDS =
      List.of("probe", "branch", "propose", "approval", "action", "verify", "end");

  private final String source;
  private final List<Problem> problems = new ArrayList<>();
  private @Nullable String step;

  RunbookParser(String source) {
    this.source = source;
  }

  List<Problem> problems() {
    return problems;
  }

  /** The graph, or null when a structural problem was found. */
  @Nullable RunbookGraph parse(JsonNode root) {
    if (!root.isObject()) {
      problem("a runbook file is a mapping with name, match, steps ...; found " + type(root));
      return null;
    }
    unknownKeys(root, HEADER, "runbook");
    String name = text(root, "name", true);
    if (name != null && !name.matches("[a-z0-9][a-z0-9-]*")) {
      problem("name '" + name + "' must be lower-case letters, digits and dashes");
    }
    String description = text(root, "description", false);
    String hop = text(root, "hop", false);
    if (hop != null && !hop.matches("[a-z0-9][a-z0-9-]*")) {
      problem("hop '" + hop + "' must be lower-case letters, digits and dashes");
    }
    MatchRule match = match(root.get("match"));
    Map<String, InputSpec> inputs = inputs(root.get("inputs"));
    Limits limits = limits(root.get("limits"));
    Map<String, Step> steps = steps(root.get("steps"));
    String start = text(root, "start", false);
    if (start == null && !steps.isEmpty()) {
      start = steps.keySet().iterator().next();
    }
    if (!problems.isEmpty() || name == null || match == null || limits == null || start == null) {
      if (problems.isEmpty()) {
        problem("the runbook has no steps");
      }
      return null;
    }
    return new RunbookGraph(
        name,
        source,
        description == null ? "" : description,
        hop == null ? "" : hop,
        match,
        inputs,
        limits,
        start,
        steps);
  }

  private @Nullable MatchRule match(@Nullable JsonNode node) {
    if (node == null || !node.isObject()) {
      problem("match is required: signals, related, keywords and/or labels (exact values)");
      return null;
    }
    unknownKeys(node, Set.of("labels", "keywords", "signals", "related"), "match");
    Map<String, String> labels = new LinkedHashMap<>();
    JsonNode l = node.get("labels");
    if (l != null) {
      if (!l.isObject()) {
        problem("match.labels must be a mapping of label to value");
      } else {
        l.fields().forEachRemaining(e -> labels.put(e.getKey(), e.getValue().asText()));
      }
    }
    List<String> keywords = strings(node.get("keywords"), "match.keywords");
    for (String k : keywords) {
      try {
        dev.lakeops.runbooks.alert.Phrase.of(k);
      } catch (IllegalArgumentException e) {
        problem("match.keywords: " + e.getMessage());
      }
    }
    List<String> signals = strings(node.get("signals"), "match.signals");
    List<String> related = strings(node.get("related"), "match.related");
    if (labels.isEmpty() && keywords.isEmpty() && signals.isEmpty() && related.isEmpty()) {
      problem("match needs signals, keywords or labels, or no alert can pick this runbook");
    }
    return new MatchRule(labels, signals, related, keywords);
  }

  private Map<String, InputSpec> inputs(@Nullable JsonNode node) {
    Map<String, InputSpec> inputs = new LinkedHashMap<>();
    if (node == null) {
      return inputs;
    }
    if (!node.isObject()) {
      problem("inputs must be a mapping of input name to {from: [CONCEPT...], default, required}");
      return inputs;
    }
    node.fields()
        .forEachRemaining(
            e -> {
              JsonNode spec = e.getValue();
              if (!spec.isObject()) {
                problem("input " + e.getKey() + " must be a mapping with from, default, required");
                return;
              }
              unknownKeys(spec, Set.of("from", "default", "required"), "input " + e.getKey());
              // A concept has a dot (flink.job); a name without one is a label, read as it is.
              List<String> from =
                  strings(spec.get("from"), "input " + e.getKey() + ".from").stream()
                      .map(
                          f ->
                              f.contains(".")
                                      || f.startsWith(dev.lakeops.runbooks.alert.AlertReading.LABEL)
                                  ? f
                                  : dev.lakeops.runbooks.alert.AlertReading.LABEL + f)
                      .toList();
              String def = spec.hasNonNull("default") ? spec.get("default").asText() : null;
              if (from.isEmpty() && def == null) {
                problem("input " + e.getKey() + " needs concepts to read (from) or a default");
              }
              boolean required = spec.path("required").asBoolean(false);
              inputs.put(e.getKey(), new InputSpec(e.getKey(), from, def, required));
            });
    return inputs;
  }

  private @Nullable Limits limits(@Nullable JsonNode node) {
    if (node == null) {
      return Limits.DEFAULT;
    }
    unknownKeys(node, Set.of("step_timeout", "budget"), "limits");
    try {
      return new Limits(
          node.has("step_timeout")
              ? Durations.parse(node.get("step_timeout").asText())
              : Limits.DEFAULT.stepTimeout(),
          node.has("budget")
              ? Durations.parse(node.get("budget").asText())
              : Limits.DEFAULT.budget());
    } catch (IllegalArgumentException e) {
      problem("limits: " + e.getMessage());
      return null;
    }
  }

  private Map<String, Step> steps(@Nullable JsonNode node) {
    Map<String, Step> steps = new LinkedHashMap<>();
    if (node == null || !node.isArray() || node.isEmpty()) {
      problem("steps must be a non-empty list");
      return steps;
    }
    for (JsonNode s : node) {
      step = null;
      if (!s.isObject()) {
        problem("a step is a mapping with id and one of " + KINDS + "; found " + type(s));
        continue;
      }
      String id = text(s, "id", true);
      if (id == null) {
        continue;
      }
      step = id;
      if (!id.matches("[A-Za-z0-9][A-Za-z0-9_-]*")) {
        problem("step id must be letters, digits, dashes and underscores");
      }
      List<String> kinds = KINDS.stream().filter(s::has).toList();
      if (kinds.size() != 1) {
        problem(
            kinds.isEmpty()
                ? "has none of the step kinds " + KINDS
                : "has more than one kind: " + kinds);
        continue;
      }
      Step parsed = step(id, kinds.get(0), s);
      if (parsed != null && steps.put(id, parsed) != null) {
        problem("duplicate step id");
      }
    }
    step = null;
    return steps;
  }

  private @Nullable Step step(String id, String kind, JsonNode s) {
    int before = problems.size();
    Step parsed =
        switch (kind) {
          case "probe" -> {
            unknownKeys(
                s,
                Set.of("id", "probe", "args", "output", "next", "max_iterations", "on_exhausted"),
                "a probe step");
            yield new ProbeStep(
                id,
                s.get("probe").asText(),
                args(s.get("args")),
                nonNull(text(s, "output", true)),
                nonNull(text(s, "next", true)),
                bound(s));
          }
          case "verify" -> {
            unknownKeys(s, Set.of("id", "verify", "args", "output", "next"), "a verify step");
            yield new VerifyStep(
                id,
                s.get("verify").asText(),
                args(s.get("args")),
                nonNull(text(s, "output", true)),
                nonNull(text(s, "next", true)));
          }
          case "branch" -> {
            unknownKeys(
                s,
                Set.of("id", "branch", "otherwise", "max_iterations", "on_exhausted"),
                "a branch step");
            List<Choice> choices = new ArrayList<>();
            JsonNode arms = s.get("branch");
            if (!arms.isArray() || arms.isEmpty()) {
              problem("branch must be a non-empty list of {when, next}");
            } else {
              for (JsonNode arm : arms) {
                unknownKeys(arm, Set.of("when", "next"), "a branch choice");
                Guard g = guard(arm.get("when"));
                String next = text(arm, "next", true);
                if (g != null && next != null) {
                  choices.add(new Choice(g, next));
                }
              }
            }
            yield new BranchStep(id, choices, nonNull(text(s, "otherwise", true)), bound(s));
          }
          case "propose" -> {
            unknownKeys(
                s,
                Set.of("id", "propose", "args", "reason", "next", "on_approval"),
                "a propose step");
            ActionKind action = action(s.get("propose").asText());
            String reasonText = text(s, "reason", false);
            Template reason = template(reasonText == null ? "" : reasonText, "reason");
            yield new ProposeStep(
                id,
                action,
                args(s.get("args")),
                reason == null ? Template.literal("") : reason,
                nonNull(text(s, "next", true)),
                text(s, "on_approval", false));
          }
          case "approval" -> {
            unknownKeys(
                s, Set.of("id", "approval", "on_approved", "on_rejected"), "an approval step");
            yield new ApprovalStep(
                id,
                s.get("approval").asText(),
                nonNull(text(s, "on_approved", true)),
                nonNull(text(s, "on_rejected", true)));
          }
          case "action" -> {
            unknownKeys(
                s, Set.of("id", "action", "proposal", "next", "on_failure"), "an action step");
            yield new ActionStep(
                id,
                action(s.get("action").asText()),
                nonNull(text(s, "proposal", true)),
                nonNull(text(s, "next", true)),
                nonNull(text(s, "on_failure", true)));
          }
          default -> {
            unknownKeys(s, Set.of("id", "end"), "an end step");
            VerdictSpec verdict = verdict(s.get("end"));
            yield verdict == null ? null : new EndStep(id, verdict);
          }
        };
    return problems.size() > before ? null : parsed;
  }

  private @Nullable Bound bound(JsonNode s) {
    if (!s.has("max_iterations") && !s.has("on_exhausted")) {
      return null;
    }
    if (!s.path("max_iterations").canConvertToInt()
        || s.path("max_iterations").asInt() < 1
        || !s.hasNonNull("on_exhausted")) {
      problem("max_iterations (a whole number >= 1) and on_exhausted (a step id) go together");
      return null;
    }
    return new Bound(s.get("max_iterations").asInt(), s.get("on_exhausted").asText());
  }

  private ActionKind action(String name) {
    return ActionKind.byName(name)
        .orElseGet(
            () -> {
              problem(
                  "unknown action '"
                      + name
                      + "' (known: "
                      + String.join(
                          ", ",
                          java.util.Arrays.stream(ActionKind.values())
                              .map(ActionKind::actionName)
                              .toList())
                      + ")");
              return ActionKind.TABLE_CREATE_TAG;
            });
  }

  private Map<String, Template> args(@Nullable JsonNode node) {
    Map<String, Template> args = new LinkedHashMap<>();
    if (node == null) {
      return args;
    }
    if (!node.isObject()) {
      problem("args must be a mapping of parameter to value");
      return args;
    }
    node.fields()
        .forEachRemaining(
            e -> {
              if (!e.getValue().isValueNode()) {
                problem("args." + e.getKey() + " must be one value, not a list or mapping");
                return;
              }
              Template t = template(e.getValue().asText(), "args." + e.getKey());
              if (t != null) {
                args.put(e.getKey(), t);
              }
            });
    return args;
  }

  private @Nullable VerdictSpec verdict(@Nullable JsonNode node) {
    if (node == null || !node.isObject()) {
      problem("end must be a mapping with category, headline, confidence ...");
      return null;
    }
    unknownKeys(
        node,
        Set.of("category", "headline", "confidence", "entities", "evidence", "next_actions"),
        "a verdict");
    Category category = enumValue(Category.class, text(node, "category", true), "category");
    Confidence confidence =
        enumValue(Confidence.class, text(node, "confidence", true), "confidence");
    List<Conditional> headline =
        node.has("headline") ? alternatives(node.get("headline"), "headline", "text") : null;
    if (headline == null || headline.isEmpty()) {
      problem("missing 'headline'");
    }
    Map<String, List<Conditional>> entities = new LinkedHashMap<>();
    JsonNode e = node.get("entities");
    if (e != null) {
      if (!e.isObject()) {
        problem("entities must be a mapping of entity name to a value or a list of {value, when}");
      } else {
        e.fields()
            .forEachRemaining(
                f ->
                    entities.put(
                        f.getKey(), alternatives(f.getValue(), "entities." + f.getKey(), "value")));
      }
    }
    List<FindingSelector> evidence = new ArrayList<>();
    for (String glob : strings(node.get("evidence"), "evidence")) {
      try {
        evidence.add(FindingSelector.parse(glob));
      } catch (IllegalArgumentException ex) {
        problem("evidence: " + ex.getMessage());
      }
    }
    List<Conditional> next =
        node.has("next_actions")
            ? alternatives(node.get("next_actions"), "next_actions", "text")
            : List.of();
    if (category == null || confidence == null || headline == null || headline.isEmpty()) {
      return null;
    }
    return new VerdictSpec(category, headline, entities, evidence, confidence, next);
  }

  /** A text, or a list of texts and {KEY: text, when: guard}. */
  private List<Conditional> alternatives(JsonNode node, String where, String key) {
    List<Conditional> out = new ArrayList<>();
    if (node.isValueNode()) {
      Template t = template(node.asText(), where);
      if (t != null) {
        out.add(new Conditional(t, null));
      }
      return out;
    }
    if (!node.isArray()) {
      problem(where + " must be a text or a list");
      return out;
    }
    for (JsonNode item : node) {
      if (item.isValueNode()) {
        Template t = template(item.asText(), where);
        if (t != null) {
          out.add(new Conditional(t, null));
        }
        continue;
      }
      unknownKeys(item, Set.of(key, "when"), where);
      String text = text(item, key, true);
      Template t = text == null ? null : template(text, where);
      Guard when = item.has("when") ? guard(item.get("when")) : null;
      if (t != null) {
        out.add(new Conditional(t, when));
      }
    }
    return out;
  }

  @Nullable Guard guard(@Nullable JsonNode node) {
    if (node == null || !node.isObject() || node.size() != 1) {
      problem(
          "a guard is a mapping with exactly one operator: finding, above, equals, status, input,"
              + " all, any, not");
      return null;
    }
    Map.Entry<String, JsonNode> op = node.fields().next();
    JsonNode v = op.getValue();
    try {
      switch (op.getKey()) {
        case "finding":
          if (v.isValueNode()) {
            return new Guard.FindingPresent(null, FindingSelector.parse(v.asText()));
          }
          unknownKeys(v, Set.of("output", "code", "at_least"), "finding");
          FindingSelector selector =
              new FindingSelector(
                  FindingSelector.parse(nonNull(text(v, "code", true))).code(),
                  v.hasNonNull("at_least")
                      ? FindingSelector.severity(v.get("at_least").asText())
                      : null);
          return new Guard.FindingPresent(text(v, "output", false), selector);
        case "above":
          {
            unknownKeys(v, Set.of("output", "code", "key", "value"), "above");
            if (!v.path("value").isNumber()) {
              problem("above.value must be a number");
              return null;
            }
            return new Guard.Above(
                nonNull(text(v, "output", true)),
                v.hasNonNull("code") ? FindingSelector.parse(v.get("code").asText()) : null,
                nonNull(text(v, "key", true)),
                v.get("value").asDouble());
          }
        case "equals":
          {
            unknownKeys(v, Set.of("output", "code", "key", "value"), "equals");
            return new Guard.Equals(
                nonNull(text(v, "output", true)),
                v.hasNonNull("code") ? FindingSelector.parse(v.get("code").asText()) : null,
                nonNull(text(v, "key", true)),
                nonNull(text(v, "value", true)));
          }
        case "status":
          {
            unknownKeys(v, Set.of("output", "is"), "status");
            Set<ToolReport.Status> statuses = new LinkedHashSet<>();
            for (String s : strings(v.get("is"), "status.is")) {
              ToolReport.Status st = enumValue(ToolReport.Status.class, s, "status.is");
              if (st != null) {
                statuses.add(st);
              }
            }
            if (statuses.isEmpty()) {
              problem("status.is needs one or more of OK, NO_DATA, ERROR");
              return null;
            }
            return new Guard.StatusIs(nonNull(text(v, "output", true)), statuses);
          }
        case "input":
          return new Guard.HasInput(v.asText());
        case "all":
        case "any":
          {
            if (!v.isArray()) {
              problem(op.getKey() + " must be a list of guards");
              return null;
            }
            List<Guard> guards = new ArrayList<>();
            for (JsonNode g : v) {
              Guard parsed = guard(g);
              if (parsed != null) {
                guards.add(parsed);
              }
            }
            return op.getKey().equals("all") ? new Guard.All(guards) : new Guard.Any(guards);
          }
        case "not":
          {
            Guard inner = guard(v);
            return inner == null ? null : new Guard.Not(inner);
          }
        default:
          problem(
              "unknown guard operator '"
                  + op.getKey()
                  + "' (known: finding, above, equals, status, input, all, any, not)");
          return null;
      }
    } catch (IllegalArgumentException | NullPointerException e) {
      problem(
          "guard "
              + op.getKey()
              + ": "
              + (e.getMessage() == null ? "missing a value" : e.getMessage()));
      return null;
    }
  }

  private @Nullable Template template(String text, String where) {
    try {
      return Template.parse(text);
    } catch (IllegalArgumentException e) {
      problem(where + ": " + e.getMessage());
      return null;
    }
  }

  private <E extends Enum<E>> @Nullable E enumValue(
      Class<E> type, @Nullable String name, String where) {
    if (name == null) {
      return null;
    }
    try {
      return Enum.valueOf(type, name.strip().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      problem(
          where
              + ": unknown value '"
              + name
              + "' (known: "
              + String.join(
                  ", ", java.util.Arrays.stream(type.getEnumConstants()).map(Enum::name).toList())
              + ")");
      return null;
    }
  }

  private List<String> strings(@Nullable JsonNode node, String where) {
    List<String> out = new ArrayList<>();
    if (node == null || node.isNull()) {
      return out;
    }
    if (node.isValueNode()) {
      out.add(node.asText());
      return out;
    }
    if (!node.isArray()) {
      problem(where + " must be a text or a list of texts");
      return out;
    }
    node.forEach(n -> out.add(n.asText()));
    return out;
  }

  private @Nullable String text(JsonNode node, String key, boolean required) {
    JsonNode v = node.get(key);
    if (v == null || v.isNull()) {
      if (required) {
        problem("missing '" + key + "'");
      }
      return null;
    }
    if (!v.isValueNode()) {
      problem("'" + key + "' must be a text, found " + type(v));
      return null;
    }
    return v.asText();
  }

  private void unknownKeys(JsonNode node, Set<String> known, String what) {
    if (!node.isObject()) {
      problem(what + " must be a mapping, found " + type(node));
      return;
    }
    for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
      String key = it.next();
      if (!known.contains(key)) {
        problem(
            "unknown key '"
                + key
                + "' in "
                + what
                + " (known: "
                + String.join(", ", new java.util.TreeSet<>(known))
                + ")");
      }
    }
  }

  private static String nonNull(@Nullable String s) {
    return s == null ? "" : s;
  }

  private static String type(JsonNode n) {
    return n.isArray()
        ? "a list"
        : n.isObject() ? "a mapping" : n.isNull() ? "nothing" : "'" + n.asText() + "'";
  }

  private void problem(String message) {
    problems.add(Problem.at(source, step, message));
  }
}
