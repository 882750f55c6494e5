package dev.lakeops.agent.llm;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.Confidence;
import dev.langchain4j.model.output.structured.Description;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A verdict as the model answers it. Its components are the JSON schema a provider with structured
 * output is given as the response format (the {@code required} marks make every field part of the
 * schema's {@code required}, as strict schemas demand); the text fallback ({@link
 * LlmVerdictParser}) reads the same shape from free text. Model output: nothing here is checked
 * until {@link VerdictGuard#check} says so, so every component may be null.
 *
 * @param category what the model concludes
 * @param summary one sentence for an engineer
 * @param entities what the verdict is about, as name and value
 * @param evidence finding codes from the data or the run's tool results that support it
 * @param confidence how strongly they do
 * @param nextActions what a person should do next, most useful first
 */
record LlmVerdict(
    @JsonProperty(required = true) @Nullable Category category,
    @JsonProperty(required = true) @Description("one sentence for an engineer")
        @Nullable String summary,
    @JsonProperty(required = true)
        @Description(
            "what the verdict is about: job, vertex, topic, partition, table, bucket, snapshot, "
                + "binlogFile, binlogOffset")
        @Nullable List<Entity> entities,
    @JsonProperty(required = true)
        @Description("finding codes from the data or your tool results that support the verdict")
        @Nullable List<String> evidence,
    @JsonProperty(required = true) @Nullable Confidence confidence,
    @JsonProperty(required = true) @Description("what a person should do next, most useful first")
        @Nullable List<String> nextActions) {

  /** One thing the verdict is about, e.g. {@code job} {@code orders-to-lake}. */
  record Entity(
      @JsonProperty(required = true) @Nullable String name,
      @JsonProperty(required = true) @Nullable String value) {}
}
