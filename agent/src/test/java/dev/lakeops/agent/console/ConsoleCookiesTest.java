package dev.lakeops.agent.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import org.junit.jupiter.api.Test;

class ConsoleCookiesTest {

  private static final URI HTTP = URI.create("http://lakeops.example:8080/console/login");
  private static final URI HTTPS = URI.create("https://lakeops.example/console/login");

  @Test
  void autoMarksCookiesSecureOnlyForHttpsRequests() {
    ConsoleCookies cookies = new ConsoleCookies(ConsoleConfig.SecureCookie.AUTO);

    assertThat(cookies.session("v", HTTPS)).endsWith("; HttpOnly; SameSite=Strict; Secure");
    assertThat(cookies.session("v", HTTP))
        .endsWith("; HttpOnly; SameSite=Strict")
        .doesNotContain("Secure");
    assertThat(cookies.clearSession(HTTPS))
        .startsWith(ConsoleSessions.COOKIE + "=; Path=/console; Max-Age=0")
        .endsWith("; Secure");
    assertThat(cookies.language("zh-CN", HTTPS))
        .startsWith(ConsoleResponseFilter.LANG_COOKIE + "=zh-CN; Path=/console")
        .contains("HttpOnly")
        .endsWith("; Secure");
  }

  @Test
  void alwaysAndNeverIgnoreTheScheme() {
    assertThat(new ConsoleCookies(ConsoleConfig.SecureCookie.ALWAYS).session("v", HTTP))
        .endsWith("; Secure");
    assertThat(new ConsoleCookies(ConsoleConfig.SecureCookie.NEVER).session("v", HTTPS))
        .doesNotContain("Secure")
        .contains("HttpOnly")
        .contains("SameSite=Strict");
  }
}
