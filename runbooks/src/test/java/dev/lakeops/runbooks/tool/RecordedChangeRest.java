package dev.lakeops.runbooks.tool;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.tools.Json;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.flink.FlinkRest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * One capture (the first unless told) of a Flink recording of the change probe ({@code
 * tools/src/test/resources/change/flink/}, recorded from a MiniCluster), answered again; a path
 * nothing was recorded for is a 404.
 */
public final class RecordedChangeRest implements FlinkRest {

  private final JsonNode capture;

  public RecordedChangeRest(String name) {
    this(name, 0);
  }

  /** Capture {@code index} (from 0, oldest first) of recording {@code name}. */
  public RecordedChangeRest(String name, int index) {
    try {
      capture =
          Json.mapper()
              .readTree(
                  Path.of("../tools/src/test/resources/change/flink/" + name + ".json").toFile())
              .get(index);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public JsonNode get(String path) {
    JsonNode answer = capture.path("answers").path(path);
    if (answer.path("status").asInt() != 200) {
      throw new ProbeException(
          ProbeException.Code.NOT_FOUND,
          "GET " + path,
          "Flink REST has no such resource (HTTP 404)");
    }
    return answer.path("body");
  }

  @Override
  public String baseUrl() {
    return capture.path("baseUrl").asText();
  }
}
