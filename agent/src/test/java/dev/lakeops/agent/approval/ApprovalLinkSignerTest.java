package dev.lakeops.agent.approval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.agent.approval.ApprovalLinkException.Reason;
import dev.lakeops.runbooks.approval.Decision;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ApprovalLinkSignerTest {

  private static final Instant NOW = Instant.parse("2026-11-30T06:00:00Z");
  private static final String BINDING =
      "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
  private static final ApprovalLink LINK =
      new ApprovalLink(
          "pmh2x1c-0a1b2c3d4e", Decision.APPROVE, "alice", NOW.plusSeconds(1800), BINDING);

  private final ApprovalLinkSigner signer = new ApprovalLinkSigner("s3cret-shared-by-instances");

  @Test
  void aSignedLinkVerifiesToTheSameLink() {
    String token = signer.sign(LINK);

    assertThat(signer.verify(token, NOW)).isEqualTo(LINK);
    assertThat(token).matches("[A-Za-z0-9._:-]+");
  }

  @Test
  void aProposalIdWithDotsAndAUserWithAnyCharactersRoundTrip() {
    ApprovalLink odd =
        new ApprovalLink("p.with.dots", Decision.REJECT, "张三.|\n", NOW.plusSeconds(60), BINDING);

    assertThat(signer.verify(signer.sign(odd), NOW)).isEqualTo(odd);
  }

  @Test
  void changingAnyFieldBreaksTheSignature() {
    String token = signer.sign(LINK);
    String[] parts = token.split("\\.");
    String mac = parts[5];
    String[] tampered = {
      "pmh2x1c-0a1b2c3d4f."
          + parts[1]
          + "."
          + parts[2]
          + "."
          + parts[3]
          + "."
          + parts[4]
          + "."
          + mac,
      parts[0] + ".r." + parts[2] + "." + parts[3] + "." + parts[4] + "." + mac,
      parts[0] + "." + parts[1] + "." + b64("bob") + "." + parts[3] + "." + parts[4] + "." + mac,
      parts[0]
          + "."
          + parts[1]
          + "."
          + parts[2]
          + "."
          + (Long.parseLong(parts[3]) + 3600)
          + "."
          + parts[4]
          + "."
          + mac,
      parts[0]
          + "."
          + parts[1]
          + "."
          + parts[2]
          + "."
          + parts[3]
          + "."
          + BINDING.replace('0', '1')
          + "."
          + mac,
      parts[0]
          + "."
          + parts[1]
          + "."
          + parts[2]
          + "."
          + parts[3]
          + "."
          + parts[4]
          + "."
          + flipFirst(mac),
    };
    for (String t : tampered) {
      assertThatThrownBy(() -> signer.verify(t, NOW))
          .as(t)
          .isInstanceOf(ApprovalLinkException.class)
          .hasMessageContaining("signature does not verify")
          .satisfies(
              e ->
                  assertThat(((ApprovalLinkException) e).reason()).isEqualTo(Reason.BAD_SIGNATURE));
    }
  }

  @Test
  void aLinkSignedWithAnotherSecretIsRefused() {
    String token = new ApprovalLinkSigner("another-secret").sign(LINK);

    assertThatThrownBy(() -> signer.verify(token, NOW))
        .isInstanceOf(ApprovalLinkException.class)
        .satisfies(
            e -> assertThat(((ApprovalLinkException) e).reason()).isEqualTo(Reason.BAD_SIGNATURE));
  }

  @Test
  void aLinkIsValidUntilItsExpiryAndNotAtIt() {
    String token = signer.sign(LINK);

    assertThat(signer.verify(token, LINK.expires().minusSeconds(1))).isEqualTo(LINK);
    assertThatThrownBy(() -> signer.verify(token, LINK.expires()))
        .isInstanceOf(ApprovalLinkException.class)
        .hasMessageContaining("expired at " + LINK.expires())
        .satisfies(e -> assertThat(((ApprovalLinkException) e).reason()).isEqualTo(Reason.EXPIRED));
  }

  @Test
  void spellingsOfOneSignatureCountAsOneLink() {
    String token = signer.sign(LINK);
    String mac = token.substring(token.lastIndexOf('.') + 1);
    // The last base64url character of a 32-byte MAC carries 2 unused bits; flipping them spells the
    // same bytes.
    char last = mac.charAt(42);
    String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    char sibling = alphabet.charAt(alphabet.indexOf(last) ^ 1);
    String respelled = token.substring(0, token.length() - 1) + sibling;

    assertThat(signer.verify(respelled, NOW)).isEqualTo(LINK);
    assertThat(ApprovalLinkSigner.signature(respelled))
        .isEqualTo(ApprovalLinkSigner.signature(token));
  }

  @Test
  void namesWhatIsWrongWithAMalformedToken() {
    assertMalformed("", "empty");
    assertMalformed("abc", "1 parts; 6 expected");
    assertMalformed("p1.x." + b64("alice") + ".1.", "6 expected");
    assertMalformed("p1.x." + b64("alice") + ".1." + BINDING + "." + "A".repeat(43), "decision");
    assertMalformed("p1.a.%%%.1." + BINDING + "." + "A".repeat(43), "user");
    assertMalformed("p1.a." + b64("alice") + ".soon." + BINDING + "." + "A".repeat(43), "expiry");
    assertMalformed("p1.a." + b64("alice") + ".1.XYZ." + "A".repeat(43), "binding");
    assertMalformed("p1.a." + b64("alice") + ".1." + BINDING + ".short", "signature");
    assertMalformed("p1".repeat(600), "at most 1024");
  }

  @Test
  void randomAndMutatedTokensAreRefusedWithALinkErrorNeverAnotherException() {
    Random random = new Random(7);
    String token = signer.sign(LINK);
    String alphabet =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.:%/ \u00e9\u4e2d\ud800";
    for (int i = 0; i < 5000; i++) {
      StringBuilder t = new StringBuilder(i % 2 == 0 ? token : "");
      int edits = 1 + random.nextInt(4);
      for (int e = 0; e < edits; e++) {
        char c = alphabet.charAt(random.nextInt(alphabet.length()));
        if (t.length() > 0 && random.nextBoolean()) {
          t.setCharAt(random.nextInt(t.length()), c);
        } else {
          t.insert(t.length() == 0 ? 0 : random.nextInt(t.length()), c);
        }
      }
      for (int extra = random.nextInt(80); extra > 0 && i % 2 == 1; extra--) {
        t.append(alphabet.charAt(random.nextInt(alphabet.length())));
      }
      String mutated = t.toString();
      if (mutated.equals(token)) {
        continue;
      }
      try {
        ApprovalLink verified = signer.verify(mutated, NOW);
        // Only a respelling of the same signature may still verify, and then it is the same link.
        assertThat(verified).isEqualTo(LINK);
        assertThat(ApprovalLinkSigner.signature(mutated))
            .isEqualTo(ApprovalLinkSigner.signature(token));
      } catch (ApprovalLinkException expected) {
        assertThat(expected.reason()).isIn(Reason.MALFORMED, Reason.BAD_SIGNATURE, Reason.EXPIRED);
      }
    }
  }

  @Test
  void refusesABlankSecret() {
    assertThatThrownBy(() -> new ApprovalLinkSigner(" "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("lakeops.approval.link-secret");
  }

  private void assertMalformed(String token, String what) {
    assertThatThrownBy(() -> signer.verify(token, NOW))
        .as(token)
        .isInstanceOf(ApprovalLinkException.class)
        .hasMessageContaining("not an approval link")
        .hasMessageContaining(what)
        .satisfies(
            e -> assertThat(((ApprovalLinkException) e).reason()).isEqualTo(Reason.MALFORMED));
  }

  private static String b64(String s) {
    return Base64.getUrlEncoder()
        .withoutPadding()
        .encodeToString(s.getBytes(StandardCharsets.UTF_8));
  }

  private static String flipFirst(String mac) {
    return (mac.charAt(0) == 'A' ? 'B' : 'A') + mac.substring(1);
  }
}
