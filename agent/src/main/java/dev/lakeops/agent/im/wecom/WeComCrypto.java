package dev.lakeops.agent.im.wecom;

import dev.lakeops.agent.im.Digests;
import dev.lakeops.agent.im.VerificationException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * WeCom (企业微信) callback encryption (developer.work.weixin.qq.com, "加解密方案"). Written on the JDK: no
 * library implements this format.
 *
 * <pre>
 * key           = Base64-decode(EncodingAESKey + "=")          32 bytes; IV = key[0..16)
 * plaintext     = random[16] | msg_len[4, big-endian] | msg | receiveid
 * encrypt       = Base64( AES-256-CBC(key, IV, PKCS#7 padded to a multiple of 32 bytes) )
 * msg_signature = hex( SHA-1( concatenation of sorted(token, timestamp, nonce, encrypt) ) )
 * </pre>
 */
public final class WeComCrypto {

  /**
   * WeCom pads to 32 bytes, not to the AES block of 16, so the JDK's PKCS5 padding cannot be used.
   */
  static final int PAD_BLOCK = 32;

  private final String token;
  private final byte[] key;
  private final String receiveId;

  /**
   * @param encodingAesKey the 43-character key from the app's callback settings
   * @param receiveId the corp id (self-built apps) that every message must carry at its end
   * @throws IllegalArgumentException the key is not 43 Base64 characters
   */
  public WeComCrypto(String token, String encodingAesKey, String receiveId) {
    if (encodingAesKey == null || encodingAesKey.length() != 43) {
      throw new IllegalArgumentException(
          "Invalid lakeops.im.wecom.encoding-aes-key: must be 43 characters, got "
              + (encodingAesKey == null ? "none" : encodingAesKey.length()));
    }
    try {
      this.key = Base64.getDecoder().decode(encodingAesKey + "=");
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Invalid lakeops.im.wecom.encoding-aes-key: not Base64", e);
    }
    this.token = token;
    this.receiveId = receiveId;
  }

  /** The {@code msg_signature} of {@code encrypt} (or of {@code echostr} in URL verification). */
  public String signature(String timestamp, String nonce, String encrypt) {
    String[] parts = {token, timestamp, nonce, encrypt};
    Arrays.sort(parts);
    return Digests.hex(Digests.sha1(Digests.utf8(String.join("", parts))));
  }

  /**
   * Checks {@code msgSignature}, decrypts {@code encrypt} and checks its receive id.
   *
   * @return the message (XML for callbacks, the echo text for URL verification)
   * @throws VerificationException the signature does not match, or the text does not decrypt to a
   *     well-formed message for this corp
   */
  public String verifyAndDecrypt(
      String msgSignature, String timestamp, String nonce, String encrypt) {
    if (msgSignature == null || timestamp == null || nonce == null || encrypt == null) {
      throw new VerificationException(
          "msg_signature, timestamp, nonce and the encrypted text: are all required");
    }
    if (!Digests.same(signature(timestamp, nonce, encrypt), msgSignature.strip())) {
      throw new VerificationException("msg_signature: does not match the configured token");
    }
    return decrypt(encrypt);
  }

  String decrypt(String encrypt) {
    byte[] sealed;
    try {
      sealed = Base64.getDecoder().decode(encrypt.strip());
    } catch (IllegalArgumentException e) {
      throw new VerificationException("Encrypt: is not Base64");
    }
    if (sealed.length == 0 || sealed.length % 16 != 0) {
      throw new VerificationException(
          "Encrypt: " + sealed.length + " bytes is not whole AES blocks");
    }
    byte[] plain;
    try {
      Cipher cipher = Cipher.getInstance("AES/CBC/NoPadding");
      cipher.init(
          Cipher.DECRYPT_MODE, new SecretKeySpec(key, "AES"), new IvParameterSpec(key, 0, 16));
      plain = cipher.doFinal(sealed);
    } catch (GeneralSecurityException e) {
      throw new VerificationException(
          "Encrypt: does not decrypt with the configured EncodingAESKey");
    }
    int pad = plain[plain.length - 1] & 0xff;
    if (pad < 1 || pad > PAD_BLOCK || pad > plain.length) {
      throw new VerificationException(
          "Encrypt: does not decrypt with the configured EncodingAESKey (bad padding)");
    }
    int end = plain.length - pad;
    if (end < 20) {
      throw new VerificationException(
          "Encrypt: decrypted text is too short for random bytes and a length");
    }
    int length = ByteBuffer.wrap(plain, 16, 4).getInt();
    if (length < 0 || 20 + length > end) {
      throw new VerificationException(
          "Encrypt: decrypted message length " + length + " does not fit");
    }
    String msg = new String(plain, 20, length, StandardCharsets.UTF_8);
    String id = new String(plain, 20 + length, end - 20 - length, StandardCharsets.UTF_8);
    if (!Digests.same(receiveId, id)) {
      throw new VerificationException(
          "Encrypt: is addressed to another receive id, not the configured"
              + " lakeops.im.wecom.corp-id");
    }
    return msg;
  }

  /**
   * Encrypts {@code msg} as WeCom does, with the given 16 random bytes (for passive replies and
   * tests).
   */
  public String encrypt(String msg, byte[] random) {
    if (random.length != 16) {
      throw new IllegalArgumentException(
          "Invalid random prefix: " + random.length + " bytes (must be 16)");
    }
    byte[] body = msg.getBytes(StandardCharsets.UTF_8);
    byte[] id = receiveId.getBytes(StandardCharsets.UTF_8);
    int unpadded = 20 + body.length + id.length;
    int pad = PAD_BLOCK - unpadded % PAD_BLOCK;
    ByteBuffer plain = ByteBuffer.allocate(unpadded + pad);
    plain.put(random).putInt(body.length).put(body).put(id);
    while (plain.hasRemaining()) {
      plain.put((byte) pad);
    }
    try {
      Cipher cipher = Cipher.getInstance("AES/CBC/NoPadding");
      cipher.init(
          Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"), new IvParameterSpec(key, 0, 16));
      return Base64.getEncoder().encodeToString(cipher.doFinal(plain.array()));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("AES-256-CBC is not available in this JDK", e);
    }
  }
}
