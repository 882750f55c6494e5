package dev.lakeops.agent.console;

import dev.lakeops.agent.config.LakeopsConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Console sessions: a cookie holding {@code user|expiry} signed with HMAC-SHA256, and the CSRF
 * token of a session (a second HMAC of the cookie value). The key is {@code
 * lakeops.approval.link-secret} when set, so that several instances accept each other's sessions;
 * otherwise a random key made at start (sessions end with the process).
 */
@ApplicationScoped
public class ConsoleSessions {

  public static final String COOKIE = "lakeops_console";
  static final Duration TTL = Duration.ofHours(8);

  private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();
  private static final Base64.Decoder B64D = Base64.getUrlDecoder();

  private final byte[] key;
  private final Clock clock;

  @Inject
  public ConsoleSessions(LakeopsConfig config, Clock clock) {
    this(
        config
            .approval()
            .linkSecret()
            .filter(s -> !s.isBlank())
            .map(s -> ("console|" + s).getBytes(StandardCharsets.UTF_8))
            .orElseGet(ConsoleSessions::randomKey),
        clock);
  }

  ConsoleSessions(byte[] key, Clock clock) {
    this.key = key.clone();
    this.clock = clock;
  }

  private static byte[] randomKey() {
    byte[] k = new byte[32];
    new SecureRandom().nextBytes(k);
    return k;
  }

  /** A cookie value for {@code user}, valid for {@link #TTL}. */
  public String issue(String user) {
    String body =
        B64.encodeToString(user.getBytes(StandardCharsets.UTF_8))
            + "."
            + clock.instant().plus(TTL).getEpochSecond();
    return body + "." + B64.encodeToString(mac("session|" + body));
  }

  /** The user of a cookie value that this key signed and that has not expired. */
  public Optional<String> user(String cookie) {
    if (cookie == null) {
      return Optional.empty();
    }
    int last = cookie.lastIndexOf('.');
    int first = cookie.indexOf('.');
    if (first <= 0 || last <= first) {
      return Optional.empty();
    }
    String body = cookie.substring(0, last);
    try {
      byte[] sent = B64D.decode(cookie.substring(last + 1));
      if (!MessageDigest.isEqual(sent, mac("session|" + body))) {
        return Optional.empty();
      }
      long expiry = Long.parseLong(cookie.substring(first + 1, last));
      if (!clock.instant().isBefore(Instant.ofEpochSecond(expiry))) {
        return Optional.empty();
      }
      return Optional.of(
          new String(B64D.decode(cookie.substring(0, first)), StandardCharsets.UTF_8));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  /** The CSRF token the forms of this session carry. */
  public String csrf(String cookie) {
    return B64.encodeToString(mac("csrf|" + cookie));
  }

  /** Whether {@code sent} is the CSRF token of {@code cookie}; constant time. */
  public boolean csrfMatches(String cookie, String sent) {
    if (cookie == null || sent == null) {
      return false;
    }
    return MessageDigest.isEqual(
        csrf(cookie).getBytes(StandardCharsets.US_ASCII), sent.getBytes(StandardCharsets.UTF_8));
  }

  private byte[] mac(String text) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      return mac.doFinal(text.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException | InvalidKeyException e) {
      throw new IllegalStateException("HmacSHA256 is unavailable", e);
    }
  }
}
