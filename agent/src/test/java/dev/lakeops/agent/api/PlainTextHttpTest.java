package dev.lakeops.agent.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The plain-text port refuses h2c (lakeops.http.h2c=false): the JDK client, which asks for it,
 * stays on HTTP/1.1, and an oversized body costs only its own connection.
 */
@QuarkusTest
class PlainTextHttpTest {

  @TestHTTPResource("/")
  URL base;

  @Test
  void theJdkClientStaysOnHttp11AndTheRequestAfterAnOversizedBodyIsAnswered() {
    JdkClientHttp http = new JdkClientHttp(base);

    HttpResponse<String> first =
        http.send("first", http.post("{bad".getBytes(StandardCharsets.UTF_8)));
    HttpResponse<String> oversized = http.send("oversized", http.post(JdkClientHttp.OVERSIZED));
    HttpResponse<String> after =
        http.send("after the oversized body", http.post("{bad".getBytes(StandardCharsets.UTF_8)));

    assertThat(first.version()).isEqualTo(HttpClient.Version.HTTP_1_1);
    assertThat(first.statusCode()).isEqualTo(400);
    assertThat(oversized.statusCode()).isEqualTo(413);
    assertThat(oversized.headers().firstValue("content-type"))
        .hasValueSatisfying(t -> assertThat(t).startsWith("application/json"));
    assertThat(oversized.body())
        .contains("\"error\":\"body: is 2097152 bytes; at most 1048576 bytes are accepted");
    assertThat(oversized.headers().firstValue("connection")).hasValue("close");
    assertThat(after.statusCode()).isEqualTo(400);
  }

  @Test
  void requestsSentBesideAnOversizedOneAreEachAnswered() {
    JdkClientHttp http = new JdkClientHttp(base);
    List<CompletableFuture<HttpResponse<String>>> sent = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      byte[] body = i == 3 ? JdkClientHttp.OVERSIZED : "{bad".getBytes(StandardCharsets.UTF_8);
      sent.add(http.client().sendAsync(http.post(body), HttpResponse.BodyHandlers.ofString()));
    }

    for (int i = 0; i < sent.size(); i++) {
      HttpResponse<String> response = sent.get(i).join();
      assertThat(response.statusCode()).as("request " + i).isEqualTo(i == 3 ? 413 : 400);
    }
  }
}
