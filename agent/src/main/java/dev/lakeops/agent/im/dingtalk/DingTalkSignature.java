package dev.lakeops.agent.im.dingtalk;

import dev.lakeops.agent.im.Digests;
import dev.lakeops.agent.im.RecentKeys;
import dev.lakeops.agent.im.VerificationException;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;

/**
 * The signature DingTalk puts on an enterprise robot's HTTP callback (open.dingtalk.com, robot
 * "receive messages"): headers {@code timestamp} (milliseconds) and {@code sign =
 * Base64(HmacSHA256(key = app secret, data = timestamp + "\n" + app secret))}, the timestamp within
 * one hour of now. A signature seen before within that hour is a replay. Written on the JDK: no
 * library implements this format.
 */
public final class DingTalkSignature {

  public static final Duration MAX_SKEW = Duration.ofHours(1);

  private final String appSecret;
  private final Clock clock;
  private final RecentKeys seen;

  public DingTalkSignature(String appSecret, Clock clock) {
    this.appSecret = appSecret;
    this.clock = clock;
    this.seen = new RecentKeys(MAX_SKEW.multipliedBy(2), 100_000, clock);
  }

  public static String sign(String appSecret, String timestamp) {
    return Base64.getEncoder()
        .encodeToString(
            Digests.hmacSha256(
                Digests.utf8(appSecret), Digests.utf8(timestamp + "\n" + appSecret)));
  }

  /**
   * @throws VerificationException a header is missing or malformed, the timestamp is more than an
   *     hour off, the signature does not match, or it was seen before
   */
  public void verify(String timestamp, String sign) {
    if (timestamp == null || timestamp.isBlank()) {
      throw new VerificationException("timestamp: header is missing");
    }
    if (sign == null || sign.isBlank()) {
      throw new VerificationException("sign: header is missing");
    }
    long millis;
    try {
      millis = Long.parseLong(timestamp.strip());
    } catch (NumberFormatException e) {
      throw new VerificationException(
          "timestamp: '"
              + (timestamp.length() > 40 ? timestamp.substring(0, 40) : timestamp)
              + "' is not Unix milliseconds");
    }
    long skew = Math.abs(clock.millis() - millis);
    if (skew > MAX_SKEW.toMillis()) {
      throw new VerificationException(
          "timestamp: "
              + millis
              + " is "
              + skew / 1000
              + " s from now (at most "
              + MAX_SKEW.toSeconds()
              + " s allowed); stale or replayed request");
    }
    if (!Digests.same(sign(appSecret, timestamp.strip()), sign.strip())) {
      throw new VerificationException(
          "sign: does not match the timestamp and the configured app secret");
    }
    if (!seen.firstSeen(sign.strip())) {
      throw new VerificationException("sign: this exact request was received before (replay)");
    }
  }
}
