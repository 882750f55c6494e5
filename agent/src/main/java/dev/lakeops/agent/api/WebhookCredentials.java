package dev.lakeops.agent.api;

import dev.lakeops.agent.config.LakeopsConfig;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The credentials alert senders must present ({@code lakeops.webhook.*}): the expected {@code
 * Authorization} header values, compared in constant time.
 */
@ApplicationScoped
public class WebhookCredentials {

  private static final Logger LOG = LoggerFactory.getLogger(WebhookCredentials.class);

  private final Optional<byte[]> bearer;
  private final Optional<byte[]> basic;

  public WebhookCredentials(LakeopsConfig config) {
    LakeopsConfig.Webhook webhook = config.webhook();
    this.bearer = webhook.bearerToken().filter(t -> !t.isBlank()).map(t -> bytes("Bearer " + t));
    if (webhook.basicUsername().isPresent() != webhook.basicPassword().isPresent()) {
      throw new IllegalArgumentException(
          "lakeops.webhook.basic-username and lakeops.webhook.basic-password must be set together"
              + " (only one is set)");
    }
    this.basic =
        webhook
            .basicUsername()
            .map(
                u ->
                    bytes(
                        "Basic "
                            + Base64.getEncoder()
                                .encodeToString(
                                    (u + ":" + webhook.basicPassword().orElseThrow())
                                        .getBytes(StandardCharsets.UTF_8))));
  }

  void announce(@Observes StartupEvent event) {
    if (!required()) {
      LOG.warn(
          "The alert webhooks accept requests without credentials: set lakeops.webhook.bearer-token"
              + " or lakeops.webhook.basic-username/-password");
    }
  }

  /** Whether any credentials are configured. */
  public boolean required() {
    return bearer.isPresent() || basic.isPresent();
  }

  /**
   * Whether basic auth is among the accepted schemes (for the {@code WWW-Authenticate} challenge).
   */
  public boolean basic() {
    return basic.isPresent();
  }

  /** Whether this {@code Authorization} header value carries configured credentials. */
  public boolean accepts(String header) {
    byte[] sent = bytes(header);
    // Both comparisons always run, so the time taken does not tell which scheme came close.
    return matches(bearer, sent) | matches(basic, sent);
  }

  private static boolean matches(Optional<byte[]> expected, byte[] sent) {
    return expected.isPresent() && MessageDigest.isEqual(expected.get(), sent);
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
