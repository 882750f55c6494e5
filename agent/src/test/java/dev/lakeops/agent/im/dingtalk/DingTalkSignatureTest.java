package dev.lakeops.agent.im.dingtalk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.agent.im.MutableClock;
import dev.lakeops.agent.im.VerificationException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

class DingTalkSignatureTest {

  private static final String SECRET =
      "SECxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx";
  private static final long NOW = 1_700_000_000_000L;
  private final MutableClock clock = new MutableClock(Instant.ofEpochMilli(NOW));

  @Test
  void signsWithTheSecretAsKeyAndTimestampNewlineSecretAsData() throws Exception {
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
    String expected =
        Base64.getEncoder()
            .encodeToString(mac.doFinal((NOW + "\n" + SECRET).getBytes(StandardCharsets.UTF_8)));

    assertThat(DingTalkSignature.sign(SECRET, Long.toString(NOW))).isEqualTo(expected);
  }

  @Test
  void acceptsAFreshSignature() {
    String sign = DingTalkSignature.sign(SECRET, Long.toString(NOW - 1000));
    assertThatCode(
            () -> new DingTalkSignature(SECRET, clock).verify(Long.toString(NOW - 1000), sign))
        .doesNotThrowAnyException();
  }

  @Test
  void refusesASignatureMoreThanAnHourOld() {
    String ts = Long.toString(NOW);
    String sign = DingTalkSignature.sign(SECRET, ts);
    clock.advance(Duration.ofHours(1).plusSeconds(1));
    assertThatThrownBy(() -> new DingTalkSignature(SECRET, clock).verify(ts, sign))
        .isInstanceOf(VerificationException.class)
        .hasMessageContaining("3601 s from now");
  }

  @Test
  void refusesAWrongSecretAndAReplay() {
    String ts = Long.toString(NOW);
    assertThatThrownBy(
            () ->
                new DingTalkSignature(SECRET, clock)
                    .verify(ts, DingTalkSignature.sign("other", ts)))
        .isInstanceOf(VerificationException.class)
        .hasMessageContaining("sign: does not match");
    DingTalkSignature signature = new DingTalkSignature(SECRET, clock);
    signature.verify(ts, DingTalkSignature.sign(SECRET, ts));
    assertThatThrownBy(() -> signature.verify(ts, DingTalkSignature.sign(SECRET, ts)))
        .hasMessageContaining("replay");
  }

  @Test
  void namesMissingAndMalformedHeaders() {
    DingTalkSignature signature = new DingTalkSignature(SECRET, clock);
    assertThatThrownBy(() -> signature.verify(null, "x"))
        .hasMessageContaining("timestamp: header is missing");
    assertThatThrownBy(() -> signature.verify("1", null))
        .hasMessageContaining("sign: header is missing");
    assertThatThrownBy(() -> signature.verify("soon", "x"))
        .hasMessageContaining("'soon' is not Unix milliseconds");
  }
}
