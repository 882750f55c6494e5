package dev.lakeops.agent.approval;

import static java.util.Objects.requireNonNull;

import dev.lakeops.agent.approval.ApprovalLinkException.Reason;
import dev.lakeops.runbooks.approval.Decision;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signs and verifies approval link tokens with HMAC-SHA256.
 *
 * <p>A token is six dot-separated fields, all URL-safe:
 *
 * <pre>
 * &lt;proposal id&gt; . a|r . base64url(user) . &lt;expiry, epoch seconds&gt; . &lt;binding hash, hex&gt; . base64url(hmac)
 * </pre>
 *
 * Proposal ids may contain dots, so a token is read from the right. The MAC covers a canonical form
 * in which every field is length-prefixed, so no two different links share one signed text.
 */
public final class ApprovalLinkSigner {

  private static final String DOMAIN = "lakeops-approval-link-v1";
  private static final int MAX_TOKEN_CHARS = 1024;
  private static final Pattern PROPOSAL_ID = Pattern.compile("[A-Za-z0-9_:-][A-Za-z0-9._:-]{0,63}");
  private static final Pattern BINDING = Pattern.compile("[0-9a-f]{64}");
  private static final Pattern EPOCH = Pattern.compile("[0-9]{1,12}");
  private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();
  private static final Base64.Decoder B64D = Base64.getUrlDecoder();

  private final byte[] key;

  /**
   * @param secret {@code lakeops.approval.link-secret}; a key of its own is derived from it, so
   *     console session cookies (signed with the same setting) are never valid links
   */
  public ApprovalLinkSigner(String secret) {
    requireNonNull(secret, "secret");
    if (secret.isBlank()) {
      throw new IllegalArgumentException("lakeops.approval.link-secret is blank");
    }
    this.key = ("approval-link|" + secret).getBytes(StandardCharsets.UTF_8);
  }

  /** The token of {@code link}. */
  public String sign(ApprovalLink link) {
    if (!PROPOSAL_ID.matcher(link.proposalId()).matches()) {
      throw new IllegalArgumentException("Invalid proposal id for a link: " + link.proposalId());
    }
    if (!BINDING.matcher(link.binding()).matches()) {
      throw new IllegalArgumentException("Invalid binding hash for a link: " + link.binding());
    }
    String body =
        link.proposalId()
            + "."
            + code(link.decision())
            + "."
            + B64.encodeToString(link.user().getBytes(StandardCharsets.UTF_8))
            + "."
            + link.expires().getEpochSecond()
            + "."
            + link.binding();
    return body + "." + B64.encodeToString(mac(link));
  }

  /**
   * The link a token stands for, if this key signed it and it has not expired at {@code now}.
   *
   * @throws ApprovalLinkException MALFORMED (not a token), BAD_SIGNATURE (altered or another key),
   *     EXPIRED
   */
  public ApprovalLink verify(String token, Instant now) {
    ApprovalLink link = parse(token);
    byte[] sent = B64D.decode(token.substring(token.lastIndexOf('.') + 1));
    if (!MessageDigest.isEqual(sent, mac(link))) {
      throw new ApprovalLinkException(
          Reason.BAD_SIGNATURE,
          "the link's signature does not verify: it was altered, or it was "
              + "signed with another lakeops.approval.link-secret");
    }
    if (!now.isBefore(link.expires())) {
      throw new ApprovalLinkException(
          Reason.EXPIRED, "the link expired at " + link.expires() + "; ask for a fresh link");
    }
    return link;
  }

  /**
   * The signature of a verified token in canonical base64url, as stored in {@code
   * used_approval_link}. Re-encoded so that spellings of one signature that differ only in ignored
   * trailing bits count as one link.
   */
  public static String signature(String token) {
    return B64.encodeToString(B64D.decode(token.substring(token.lastIndexOf('.') + 1)));
  }

  private static ApprovalLink parse(String token) {
    if (token == null || token.isEmpty()) {
      throw malformed("it is empty");
    }
    if (token.length() > MAX_TOKEN_CHARS) {
      throw malformed("it is " + token.length() + " characters long; at most " + MAX_TOKEN_CHARS);
    }
    String[] parts = token.split("\\.", -1);
    if (parts.length < 6) {
      throw malformed("it has " + parts.length + " parts; 6 expected");
    }
    int n = parts.length;
    String id = String.join(".", Arrays.copyOfRange(parts, 0, n - 5));
    if (!PROPOSAL_ID.matcher(id).matches()) {
      throw malformed("the proposal id is not valid");
    }
    Decision decision =
        switch (parts[n - 5]) {
          case "a" -> Decision.APPROVE;
          case "r" -> Decision.REJECT;
          default -> throw malformed("the decision is neither a (approve) nor r (reject)");
        };
    String user;
    try {
      byte[] raw = B64D.decode(parts[n - 4]);
      user = StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(raw)).toString();
    } catch (IllegalArgumentException | java.nio.charset.CharacterCodingException e) {
      throw malformed("the user is not base64url-encoded UTF-8");
    }
    if (user.isEmpty() || user.length() > 200) {
      throw malformed("the user is empty or too long");
    }
    if (!EPOCH.matcher(parts[n - 3]).matches()) {
      throw malformed("the expiry is not a number of seconds");
    }
    if (!BINDING.matcher(parts[n - 2]).matches()) {
      throw malformed("the proposal binding is not a SHA-256 hex digest");
    }
    String mac = parts[n - 1];
    if (mac.length() != 43) {
      throw malformed("the signature has the wrong length");
    }
    try {
      B64D.decode(mac);
    } catch (IllegalArgumentException e) {
      throw malformed("the signature is not base64url");
    }
    return new ApprovalLink(
        id, decision, user, Instant.ofEpochSecond(Long.parseLong(parts[n - 3])), parts[n - 2]);
  }

  private byte[] mac(ApprovalLink link) {
    StringBuilder canonical = new StringBuilder(DOMAIN);
    for (String field :
        new String[] {
          link.proposalId(),
          link.decision().name(),
          link.user(),
          Long.toString(link.expires().getEpochSecond()),
          link.binding()
        }) {
      canonical.append('\n').append(field.length()).append(':').append(field);
    }
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      return mac.doFinal(canonical.toString().getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException | InvalidKeyException e) {
      throw new IllegalStateException("HmacSHA256 is unavailable", e);
    }
  }

  private static String code(Decision decision) {
    return decision == Decision.APPROVE ? "a" : "r";
  }

  private static ApprovalLinkException malformed(String what) {
    return new ApprovalLinkException(Reason.MALFORMED, "not an approval link: " + what);
  }
}
