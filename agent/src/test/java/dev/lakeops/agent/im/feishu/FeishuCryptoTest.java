package dev.lakeops.agent.im.feishu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.agent.im.VerificationException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class FeishuCryptoTest {

  @Test
  void decryptsTheVectorOfFeishusEncryptKeyDocumentation() {
    assertThat(FeishuCrypto.decrypt("test key", "P37w+VZImNgPEO1RBhJ6RtKl7n6zymIbEG1pReEzghk="))
        .isEqualTo("hello world");
  }

  @Test
  void refusesToDecryptWithAnotherKey() {
    assertThatThrownBy(
            () -> FeishuCrypto.decrypt("other key", "P37w+VZImNgPEO1RBhJ6RtKl7n6zymIbEG1pReEzghk="))
        .isInstanceOf(VerificationException.class)
        .hasMessageContaining("does not decrypt with the configured encrypt key");
  }

  @Test
  void roundTripsAnEventWithChineseText() {
    String event =
        "{\"schema\":\"2.0\",\"event\":{\"message\":{\"content\":\"{\\\"text\\\":\\\"排查"
            + " order_wide\\\"}\"}}}";
    byte[] iv = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

    String encrypted = FeishuCrypto.encrypt("my-encrypt-key", event, iv);

    assertThat(FeishuCrypto.decrypt("my-encrypt-key", encrypted)).isEqualTo(event);
    assertThat(java.util.Base64.getDecoder().decode(encrypted)).startsWith(iv);
  }

  @Test
  void namesWhatIsWrongWithGarbage() {
    assertThatThrownBy(() -> FeishuCrypto.decrypt("k", "not base64 !!"))
        .hasMessageContaining("encrypt: is not Base64");
    assertThatThrownBy(() -> FeishuCrypto.decrypt("k", "AAAA"))
        .hasMessageContaining("is not an IV and whole AES blocks");
  }

  @Test
  void signsAsTheDocumentedSha256OfTimestampNonceKeyAndBody() throws Exception {
    byte[] body = "{\"encrypt\":\"x\"}".getBytes(StandardCharsets.UTF_8);
    java.security.MessageDigest sha = java.security.MessageDigest.getInstance("SHA-256");
    sha.update("1700000000nonce-1my-key{\"encrypt\":\"x\"}".getBytes(StandardCharsets.UTF_8));
    String expected = java.util.HexFormat.of().formatHex(sha.digest());

    assertThat(FeishuCrypto.signature("1700000000", "nonce-1", "my-key", body)).isEqualTo(expected);
    assertThat(FeishuCrypto.signature("1700000001", "nonce-1", "my-key", body))
        .isNotEqualTo(expected);
  }

  @Test
  void signsCustomBotWebhooksWithTimestampAndSecretAsTheKey() throws Exception {
    javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
    mac.init(
        new javax.crypto.spec.SecretKeySpec(
            "1599360473\nsecret".getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
    String expected = java.util.Base64.getEncoder().encodeToString(mac.doFinal(new byte[0]));

    assertThat(FeishuClient.webhookSign("1599360473", "secret")).isEqualTo(expected);
  }
}
