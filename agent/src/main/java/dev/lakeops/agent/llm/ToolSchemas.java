package dev.lakeops.agent.llm;

import dev.lakeops.tools.spec.ToolParam;
import dev.lakeops.tools.spec.ToolSpec;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonBooleanSchema;
import dev.langchain4j.model.chat.request.json.JsonIntegerSchema;
import dev.langchain4j.model.chat.request.json.JsonNumberSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonSchemaElement;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import java.util.List;

/**
 * What the model sees of a declared tool: a {@link ToolSpecification} whose name is derived from
 * the declared name and whose parameters are a JSON schema of the declared ones. The description
 * ends with the finding codes the tool can emit, so the model cites the codes the analyzers use.
 */
final class ToolSchemas {

  private ToolSchemas() {}

  /**
   * The name a provider accepts for {@code declared}: every character other than a letter, a digit
   * or an underscore becomes an underscore ({@code kafka.lag} is {@code kafka_lag}, {@code
   * flink.source-lag} is {@code flink_source_lag}). Provider tool names cannot contain dots.
   */
  static String modelName(String declared) {
    return declared.replaceAll("[^A-Za-z0-9_]", "_");
  }

  /**
   * @param nameSuffix appended to the model name, e.g. {@code _eu} for a second Flink cluster
   * @param descriptionPrefix put before the description, e.g. {@code [Flink cluster eu] }
   */
  static ToolSpecification specification(
      ToolSpec spec, String nameSuffix, String descriptionPrefix) {
    JsonObjectSchema.Builder params = JsonObjectSchema.builder();
    for (ToolParam p : spec.params()) {
      params.addProperty(p.name(), schema(p));
    }
    params.required(spec.required());
    return ToolSpecification.builder()
        .name(modelName(spec.name()) + nameSuffix)
        .description(descriptionPrefix + description(spec))
        .parameters(params.build())
        .build();
  }

  private static String description(ToolSpec spec) {
    List<String> codes = spec.codes().describe();
    return codes.isEmpty()
        ? spec.description()
        : spec.description() + " Finding codes: " + String.join(", ", codes) + ".";
  }

  private static JsonSchemaElement schema(ToolParam p) {
    String text =
        p.description()
            + (p.range() == null ? "" : " (" + p.range().min() + " to " + p.range().max() + ")")
            + (p.defaultValue() == null ? "" : " (default " + p.defaultValue() + ")");
    return switch (p.type()) {
      case STRING -> JsonStringSchema.builder().description(text).build();
      case INTEGER -> JsonIntegerSchema.builder().description(text).build();
      case NUMBER -> JsonNumberSchema.builder().description(text).build();
      case BOOLEAN -> JsonBooleanSchema.builder().description(text).build();
      case DURATION ->
          JsonStringSchema.builder().description(text + "; " + p.type().expected()).build();
      case LIST ->
          JsonArraySchema.builder().description(text).items(new JsonStringSchema()).build();
    };
  }
}
