package dev.lakeops.eval.change;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.lakeops.tools.Json;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.flink.FlinkRest;
import java.time.Instant;

/**
 * A real cluster's REST API that remembers every answer of the current capture (path to status and
 * body), so the analyzer tests can replay exactly what Flink sent ({@code
 * tools/src/test/resources/change/flink/}).
 */
final class RecordingFlinkRest implements FlinkRest {

  private final FlinkRest delegate;
  private final ArrayNode captures = Json.mapper().createArrayNode();
  private ObjectNode answers = Json.mapper().createObjectNode();

  RecordingFlinkRest(FlinkRest delegate) {
    this.delegate = delegate;
  }

  @Override
  public synchronized JsonNode get(String path) {
    ObjectNode answer = Json.mapper().createObjectNode();
    try {
      JsonNode body = delegate.get(path);
      answer.put("status", 200).set("body", body);
      answers.set(path, answer);
      return body;
    } catch (ProbeException e) {
      answer
          .put("status", e.code() == ProbeException.Code.NOT_FOUND ? 404 : 500)
          .put("error", e.code().name());
      answers.set(path, answer);
      throw e;
    }
  }

  @Override
  public String baseUrl() {
    return delegate.baseUrl();
  }

  /** Closes the current capture (taken at {@code at}) and starts the next. */
  synchronized void endCapture(Instant at) {
    ObjectNode capture = captures.addObject();
    capture.put("capturedAt", at.toString());
    capture.put("baseUrl", delegate.baseUrl());
    capture.set("answers", answers);
    answers = Json.mapper().createObjectNode();
  }

  /** Every capture so far, oldest first. */
  synchronized ArrayNode captures() {
    return captures.deepCopy();
  }
}
