package dev.lakeops.agent.im.wecom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.agent.im.VerificationException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The vectors are the samples of WeCom's callback encryption documentation and its sample code. */
class WeComCryptoTest {

  static final String TOKEN = "QDG6eK";
  static final String CORP_ID = "wx5823bf96d3bd56c7";
  static final String AES_KEY = "jWmYm7qr5nMoAUwZRjGtBxmz3KA1tkAj3ykkR6q2B2C";
  static final String ECHOSTR =
      "P9nAzCzyDtyTWESHep1vC5X9xho/qYX3Zpb4yKa9SKld1DsH3Iyt3tP3zNdtp+4RPcs8TgAE7OaBO+FZXvnaqQ==";
  static final String POST_ENCRYPT =
      "RypEvHKD8QQKFhvQ6QleEB4J58tiPdvo+rtK1I9qca6aM/wvqnLSV5zEPeusUiX5L5X/0lWfrf0QADHHhGd3QczcdCUpj911L3vg3W/sYYvuJTs3TUUkSUXxaccAS0qhxchrRYt66wiSpGLYL42aM6A8dTT+6k4aSknmPj48kzJs8qLjvd4Xgpue06DOdnLxAUHzM6+kDZ+HMZfJYuR+LtwGc2hgf5gsijff0ekUNXZiqATP7PF5mZxZ3Izoun1s4zG4LUMnvw2r+KqCKIw+3IQH03v+BCA9nMELNqbSf6tiWSrXJB3LAVGUcallcrw8V2t9EL4EhzJWrQUax5wLVMNS0+rUPA3k22Ncx4XXZS9o0MBH27Bo6BpNelZpS+/uh9KsNlY6bHCmJU9p8g7m3fVKn28H3KDYA5Pl/T8Z1ptDAVe0lXdQ2YoyyH2uyPIGHBZZIs2pDBS8R07+qN+E7Q==";

  private final WeComCrypto crypto = new WeComCrypto(TOKEN, AES_KEY, CORP_ID);

  @Test
  void verifiesAndDecryptsTheDocumentedUrlVerification() {
    assertThat(
            crypto.verifyAndDecrypt(
                "5c45ff5e21c57e6ad56bac8758b79b1d9ac89fd3", "1409659589", "263014780", ECHOSTR))
        .isEqualTo("1616140317555161061");
  }

  @Test
  void verifiesAndDecryptsTheDocumentedCallback() {
    String xml =
        crypto.verifyAndDecrypt(
            "477715d11cdb4164915debcba66cb864d751f3e6", "1409659813", "1372623149", POST_ENCRYPT);

    assertThat(xml)
        .contains("<ToUserName><![CDATA[wx5823bf96d3bd56c7]]></ToUserName>")
        .contains("<MsgType><![CDATA[text]]></MsgType>");
  }

  @Test
  void refusesAWrongSignature() {
    assertThatThrownBy(
            () ->
                crypto.verifyAndDecrypt(
                    "5c45ff5e21c57e6ad56bac8758b79b1d9ac89fd4", "1409659589", "263014780", ECHOSTR))
        .isInstanceOf(VerificationException.class)
        .hasMessageContaining("msg_signature: does not match");
  }

  @Test
  void refusesAMessageForAnotherCorp() {
    WeComCrypto otherCorp = new WeComCrypto(TOKEN, AES_KEY, "wwanothercorp");
    assertThatThrownBy(
            () ->
                otherCorp.verifyAndDecrypt(
                    "5c45ff5e21c57e6ad56bac8758b79b1d9ac89fd3", "1409659589", "263014780", ECHOSTR))
        .isInstanceOf(VerificationException.class)
        .hasMessageContaining("another receive id");
  }

  @Test
  void roundTripsChineseTextPaddedTo32Bytes() {
    String xml =
        "<xml><MsgType><![CDATA[text]]></MsgType><Content><![CDATA[排查"
            + " order_wide]]></Content></xml>";
    String encrypted = crypto.encrypt(xml, "abcdefghijklmnop".getBytes(StandardCharsets.US_ASCII));

    assertThat(java.util.Base64.getDecoder().decode(encrypted).length % WeComCrypto.PAD_BLOCK)
        .isZero();
    assertThat(crypto.verifyAndDecrypt(crypto.signature("1", "2", encrypted), "1", "2", encrypted))
        .isEqualTo(xml);
  }

  @Test
  void refusesAnEncodingAesKeyOfTheWrongLength() {
    assertThatThrownBy(() -> new WeComCrypto(TOKEN, AES_KEY + "x", CORP_ID))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("must be 43 characters, got 44");
  }

  @Test
  void namesGarbageCiphertext() {
    assertThatThrownBy(() -> crypto.decrypt("%%%")).hasMessageContaining("Encrypt: is not Base64");
    assertThatThrownBy(() -> crypto.decrypt("AAAA")).hasMessageContaining("not whole AES blocks");
    String wrongKey = new WeComCrypto(TOKEN, "a".repeat(43), CORP_ID).encrypt("hi", new byte[16]);
    assertThatThrownBy(() -> crypto.decrypt(wrongKey)).isInstanceOf(VerificationException.class);
  }
}
