package dev.lakeops.agent.console;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Behind a TLS-terminating proxy that Quarkus is told to trust, the console's cookies are Secure.
 */
@QuarkusTest
@TestProfile(ConsoleBehindProxyTest.BehindProxy.class)
class ConsoleBehindProxyTest {

  /** The console users, Quarkus' proxy handling on, any free port. */
  public static final class BehindProxy implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      Map<String, String> config = new HashMap<>(new ConsoleProfile().getConfigOverrides());
      config.put("quarkus.http.test-port", "0");
      config.put("quarkus.http.proxy.proxy-address-forwarding", "true");
      config.put("quarkus.http.proxy.allow-x-forwarded", "true");
      return config;
    }
  }

  private static String loginCookieHeader(String forwardedProto) {
    var request =
        given()
            .redirects()
            .follow(false)
            .contentType(ContentType.URLENC)
            .formParam("token", ConsoleProfile.ALICE_TOKEN);
    if (forwardedProto != null) {
      request.header("X-Forwarded-Proto", forwardedProto);
    }
    return request.post("/console/login").then().statusCode(303).extract().header("Set-Cookie");
  }

  @Test
  void aSessionCookieIssuedOverForwardedHttpsIsSecureHttpOnlyAndStrict() {
    assertThat(loginCookieHeader("https"))
        .startsWith(ConsoleSessions.COOKIE + "=")
        .contains("; HttpOnly")
        .contains("; SameSite=Strict")
        .contains("; Secure");
  }

  @Test
  void aSessionCookieIssuedOverPlainHttpIsNotSecure() {
    assertThat(loginCookieHeader(null))
        .contains("; HttpOnly")
        .contains("; SameSite=Strict")
        .doesNotContain("Secure");
    assertThat(loginCookieHeader("http")).doesNotContain("Secure");
  }

  @Test
  void logoutAndTheLanguageCookieAreSecureOverForwardedHttpsToo() {
    String logout =
        given()
            .redirects()
            .follow(false)
            .header("X-Forwarded-Proto", "https")
            .post("/console/logout")
            .then()
            .statusCode(303)
            .extract()
            .header("Set-Cookie");
    String lang =
        given()
            .header("X-Forwarded-Proto", "https")
            .get("/console?lang=zh-CN")
            .then()
            .statusCode(200)
            .extract()
            .header("Set-Cookie");

    assertThat(logout)
        .startsWith(ConsoleSessions.COOKIE + "=;")
        .contains("Max-Age=0")
        .contains("; Secure");
    assertThat(lang)
        .startsWith(ConsoleResponseFilter.LANG_COOKIE + "=zh-CN")
        .contains("; HttpOnly")
        .contains("; Secure");
  }
}
