package dev.lakeops.agent.im.slack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.agent.im.MutableClock;
import dev.lakeops.agent.im.VerificationException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class SlackSignatureTest {

  // The worked example of Slack's "Verifying requests from Slack" page.
  static final String DOC_SECRET = "8f742231b10e8888abcd99yyyzzz85a5";
  static final String DOC_TIMESTAMP = "1531420618";
  static final byte[] DOC_BODY =
      ("token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V"
           + "&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2F"
           + "hooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121"
           + ".803a0bc887a14d10d2c447fce8b6703c")
          .getBytes(StandardCharsets.UTF_8);
  static final String DOC_SIGNATURE =
      "v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503";

  private final MutableClock clock =
      new MutableClock(Instant.ofEpochSecond(Long.parseLong(DOC_TIMESTAMP)));

  @Test
  void signsTheDocumentedExampleAsSlackDoes() {
    assertThat(SlackSignature.sign(DOC_SECRET, DOC_TIMESTAMP, DOC_BODY)).isEqualTo(DOC_SIGNATURE);
  }

  @Test
  void acceptsTheDocumentedRequestAtItsTime() {
    assertThatCode(
            () ->
                new SlackSignature(DOC_SECRET, clock)
                    .verify(DOC_TIMESTAMP, DOC_SIGNATURE, DOC_BODY))
        .doesNotThrowAnyException();
  }

  @Test
  void refusesATamperedBody() {
    byte[] tampered = DOC_BODY.clone();
    tampered[tampered.length - 1] ^= 1;
    assertThatThrownBy(
            () ->
                new SlackSignature(DOC_SECRET, clock)
                    .verify(DOC_TIMESTAMP, DOC_SIGNATURE, tampered))
        .isInstanceOf(VerificationException.class)
        .hasMessageContaining("X-Slack-Signature: does not match");
  }

  @Test
  void refusesAnotherSecret() {
    assertThatThrownBy(
            () ->
                new SlackSignature("another-secret", clock)
                    .verify(DOC_TIMESTAMP, DOC_SIGNATURE, DOC_BODY))
        .isInstanceOf(VerificationException.class)
        .hasMessageContaining("does not match");
  }

  @Test
  void refusesATimestampMoreThanFiveMinutesOld() {
    clock.advance(Duration.ofMinutes(5).plusSeconds(1));
    assertThatThrownBy(
            () ->
                new SlackSignature(DOC_SECRET, clock)
                    .verify(DOC_TIMESTAMP, DOC_SIGNATURE, DOC_BODY))
        .isInstanceOf(VerificationException.class)
        .hasMessageContaining("301 s from now")
        .hasMessageContaining("stale or replayed");
  }

  @Test
  void acceptsATimestampJustInsideTheWindow() {
    clock.advance(Duration.ofMinutes(5));
    assertThatCode(
            () ->
                new SlackSignature(DOC_SECRET, clock)
                    .verify(DOC_TIMESTAMP, DOC_SIGNATURE, DOC_BODY))
        .doesNotThrowAnyException();
  }

  @Test
  void refusesTheSameRequestTheSecondTime() {
    SlackSignature signature = new SlackSignature(DOC_SECRET, clock);
    signature.verify(DOC_TIMESTAMP, DOC_SIGNATURE, DOC_BODY);
    assertThatThrownBy(() -> signature.verify(DOC_TIMESTAMP, DOC_SIGNATURE, DOC_BODY))
        .isInstanceOf(VerificationException.class)
        .hasMessageContaining("replay");
  }

  @Test
  void namesAMissingOrMalformedHeader() {
    SlackSignature signature = new SlackSignature(DOC_SECRET, clock);
    assertThatThrownBy(() -> signature.verify(null, DOC_SIGNATURE, DOC_BODY))
        .hasMessageContaining("X-Slack-Request-Timestamp: is missing");
    assertThatThrownBy(() -> signature.verify(DOC_TIMESTAMP, " ", DOC_BODY))
        .hasMessageContaining("X-Slack-Signature: is missing");
    assertThatThrownBy(() -> signature.verify("yesterday", DOC_SIGNATURE, DOC_BODY))
        .hasMessageContaining("'yesterday' is not Unix seconds");
  }
}
