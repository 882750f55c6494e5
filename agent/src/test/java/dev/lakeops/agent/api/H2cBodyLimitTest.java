package dev.lakeops.agent.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * With h2c on, an oversized body over HTTP/2 gets the JSON 413 and ends only its own stream: the
 * connection, and the other requests multiplexed on it, carry on (no GOAWAY).
 */
@QuarkusTest
@TestProfile(H2cBodyLimitTest.H2c.class)
class H2cBodyLimitTest {

  /** lakeops.http.h2c=true. */
  public static final class H2c implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of("lakeops.http.h2c", "true");
    }
  }

  @TestHTTPResource("/")
  URL base;

  @Test
  void anOversizedBodyGetsAJson413WithoutAConnectionHeaderAndTheConnectionCarriesOn() {
    JdkClientHttp http = new JdkClientHttp(base);

    HttpResponse<String> first =
        http.send("first", http.post("{bad".getBytes(StandardCharsets.UTF_8)));
    HttpResponse<String> oversized = http.send("oversized", http.post(JdkClientHttp.OVERSIZED));
    HttpResponse<String> after =
        http.send("after the oversized body", http.post("{bad".getBytes(StandardCharsets.UTF_8)));

    assertThat(first.version()).isEqualTo(HttpClient.Version.HTTP_2);
    assertThat(oversized.version()).isEqualTo(HttpClient.Version.HTTP_2);
    assertThat(oversized.statusCode()).isEqualTo(413);
    assertThat(oversized.body())
        .contains("\"error\":\"body: is 2097152 bytes; at most 1048576 bytes are accepted");
    assertThat(oversized.headers().firstValue("connection")).isEmpty();
    assertThat(after.version()).isEqualTo(HttpClient.Version.HTTP_2);
    assertThat(after.statusCode()).isEqualTo(400);
  }

  @Test
  void streamsBesideAnOversizedOneAreEachAnswered() {
    JdkClientHttp http = new JdkClientHttp(base);
    http.send("opening the HTTP/2 connection", http.post("{bad".getBytes(StandardCharsets.UTF_8)));
    List<CompletableFuture<HttpResponse<String>>> sent = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      byte[] body = i == 3 ? JdkClientHttp.OVERSIZED : "{bad".getBytes(StandardCharsets.UTF_8);
      sent.add(http.client().sendAsync(http.post(body), HttpResponse.BodyHandlers.ofString()));
    }

    for (int i = 0; i < sent.size(); i++) {
      HttpResponse<String> response = sent.get(i).join();
      assertThat(response.version()).as("request " + i).isEqualTo(HttpClient.Version.HTTP_2);
      assertThat(response.statusCode()).as("request " + i).isEqualTo(i == 3 ? 413 : 400);
    }
  }
}
