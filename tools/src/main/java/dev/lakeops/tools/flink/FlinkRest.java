package dev.lakeops.tools.flink;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.tools.ProbeException;

/** Read access to one Flink cluster's REST API. */
public interface FlinkRest {

  /**
   * Fetches one JSON document.
   *
   * @param path a versioned path with its query, e.g. {@code /v1/jobs/overview}
   * @throws ProbeException when the cluster cannot be reached, refuses, times out, has no such
   *     resource ({@code NOT_FOUND}), or answers with something that is not JSON
   */
  JsonNode get(String path);

  /** The cluster's base URL, for evidence; never includes credentials. */
  String baseUrl();
}
