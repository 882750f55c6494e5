package dev.lakeops.agent.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class ConsoleSessionsTest {

  private static final byte[] KEY = "k".repeat(32).getBytes(StandardCharsets.UTF_8);
  private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");

  private static ConsoleSessions at(Instant now, byte[] key) {
    return new ConsoleSessions(key, Clock.fixed(now, ZoneOffset.UTC));
  }

  @Test
  void aSessionNamesItsUserUntilItExpires() {
    String cookie = at(NOW, KEY).issue("alice|admin");
    assertThat(at(NOW, KEY).user(cookie)).contains("alice|admin");
    assertThat(at(NOW.plus(ConsoleSessions.TTL).minusSeconds(1), KEY).user(cookie))
        .contains("alice|admin");
    assertThat(at(NOW.plus(ConsoleSessions.TTL), KEY).user(cookie)).isEmpty();
  }

  @Test
  void aSessionSignedWithAnotherKeyOrAlteredIsNobody() {
    String cookie = at(NOW, KEY).issue("bob");
    assertThat(at(NOW, "other".getBytes(StandardCharsets.UTF_8)).user(cookie)).isEmpty();
    String[] parts = cookie.split("\\.");
    String longer =
        parts[0]
            + "."
            + (Long.parseLong(parts[1]) + Duration.ofDays(30).toSeconds())
            + "."
            + parts[2];
    assertThat(at(NOW, KEY).user(longer)).isEmpty();
    String alice =
        java.util.Base64.getUrlEncoder()
            .withoutPadding()
            .encodeToString("alice".getBytes(StandardCharsets.UTF_8));
    assertThat(at(NOW, KEY).user(alice + "." + parts[1] + "." + parts[2])).isEmpty();
    assertThat(at(NOW, KEY).user("garbage")).isEmpty();
    assertThat(at(NOW, KEY).user("a.b.c")).isEmpty();
    assertThat(at(NOW, KEY).user(null)).isEmpty();
  }

  @Test
  void instancesWithTheSameKeyAcceptEachOthersSessions() {
    String cookie = at(NOW, KEY).issue("alice");
    assertThat(at(NOW, KEY.clone()).user(cookie)).contains("alice");
    assertThat(at(NOW, KEY.clone()).csrf(cookie)).isEqualTo(at(NOW, KEY).csrf(cookie));
  }

  @Test
  void theCsrfTokenBelongsToOneSession() {
    ConsoleSessions sessions = at(NOW, KEY);
    String a = sessions.issue("alice");
    String b = sessions.issue("bob");
    assertThat(sessions.csrfMatches(a, sessions.csrf(a))).isTrue();
    assertThat(sessions.csrfMatches(a, sessions.csrf(b))).isFalse();
    assertThat(sessions.csrfMatches(a, null)).isFalse();
    assertThat(sessions.csrfMatches(a, "")).isFalse();
  }

  @Test
  void bothLanguagesHaveTheSameKeys() {
    assertThat(ConsoleTexts.keys(dev.lakeops.agent.chat.Language.ZH_CN))
        .containsExactlyInAnyOrderElementsOf(ConsoleTexts.keys(dev.lakeops.agent.chat.Language.EN));
  }
}
