package dev.lakeops.agent.im.slack;

import dev.lakeops.agent.im.Digests;
import dev.lakeops.agent.im.RecentKeys;
import dev.lakeops.agent.im.VerificationException;
import java.time.Clock;
import java.time.Duration;

/**
 * Slack's request signing (api.slack.com "Verifying requests from Slack"): {@code X-Slack-Signature
 * = "v0=" + hex(HMAC-SHA256(signing secret, "v0:" + X-Slack-Request-Timestamp + ":" + raw body))},
 * with the timestamp (Unix seconds) within five minutes of now. A signature seen before within that
 * window is a replay and refused as well.
 */
public final class SlackSignature {

  /** How far the request timestamp may be from now, either way. */
  public static final Duration MAX_SKEW = Duration.ofMinutes(5);

  private final String signingSecret;
  private final Clock clock;
  private final RecentKeys seen;

  public SlackSignature(String signingSecret, Clock clock) {
    this.signingSecret = signingSecret;
    this.clock = clock;
    this.seen = new RecentKeys(MAX_SKEW.multipliedBy(2), 100_000, clock);
  }

  /** {@code v0=<hex>} for {@code timestamp} and {@code body}. */
  public static String sign(String signingSecret, String timestamp, byte[] body) {
    byte[] base = Digests.utf8("v0:" + timestamp + ":");
    byte[] data = new byte[base.length + body.length];
    System.arraycopy(base, 0, data, 0, base.length);
    System.arraycopy(body, 0, data, base.length, body.length);
    return "v0=" + Digests.hex(Digests.hmacSha256(Digests.utf8(signingSecret), data));
  }

  /**
   * Checks the headers against the raw body.
   *
   * @throws VerificationException a header is missing or malformed, the timestamp is stale, the
   *     signature does not match, or the same signature was seen before
   */
  public void verify(String timestamp, String signature, byte[] body) {
    if (timestamp == null || timestamp.isBlank()) {
      throw new VerificationException("X-Slack-Request-Timestamp: is missing");
    }
    if (signature == null || signature.isBlank()) {
      throw new VerificationException("X-Slack-Signature: is missing");
    }
    long seconds;
    try {
      seconds = Long.parseLong(timestamp.strip());
    } catch (NumberFormatException e) {
      throw new VerificationException(
          "X-Slack-Request-Timestamp: '" + abbreviate(timestamp) + "' is not Unix seconds");
    }
    long skew = Math.abs(clock.instant().getEpochSecond() - seconds);
    if (skew > MAX_SKEW.toSeconds()) {
      throw new VerificationException(
          "X-Slack-Request-Timestamp: "
              + seconds
              + " is "
              + skew
              + " s from now (at most "
              + MAX_SKEW.toSeconds()
              + " s allowed); stale or replayed request");
    }
    if (!Digests.same(sign(signingSecret, timestamp.strip(), body), signature.strip())) {
      throw new VerificationException(
          "X-Slack-Signature: does not match the body and the configured signing secret");
    }
    if (!seen.firstSeen(signature.strip())) {
      throw new VerificationException(
          "X-Slack-Signature: this exact request was received before (replay)");
    }
  }

  static String abbreviate(String s) {
    return s.length() <= 40 ? s : s.substring(0, 40) + "...";
  }
}
