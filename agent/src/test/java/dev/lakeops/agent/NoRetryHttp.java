package dev.lakeops.agent;

import io.restassured.RestAssured;
import io.restassured.config.HttpClientConfig;
import io.restassured.config.RestAssuredConfig;
import io.restassured.specification.RequestSpecification;
import org.apache.http.impl.client.DefaultHttpClient;
import org.apache.http.impl.client.DefaultHttpRequestRetryHandler;

/**
 * REST Assured requests that are sent exactly once. By default its Apache client re-sends a request
 * that failed before it was fully written (a POST included) up to three times, which would hide a
 * server that drops connections from a test that must see every answer.
 */
public final class NoRetryHttp {

  @SuppressWarnings(
      "deprecation") // REST Assured's factory returns the Apache 4 client it configures.
  private static final RestAssuredConfig ONCE =
      RestAssuredConfig.config()
          .httpClient(
              HttpClientConfig.httpClientConfig()
                  .httpClientFactory(
                      () -> {
                        DefaultHttpClient client = new DefaultHttpClient();
                        client.setHttpRequestRetryHandler(
                            new DefaultHttpRequestRetryHandler(0, false));
                        return client;
                      }));

  private NoRetryHttp() {}

  /** {@code RestAssured.given()} without retries. */
  public static RequestSpecification given() {
    return RestAssured.given().config(ONCE);
  }
}
