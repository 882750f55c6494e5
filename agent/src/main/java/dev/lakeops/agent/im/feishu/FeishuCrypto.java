package dev.lakeops.agent.im.feishu;

import dev.lakeops.agent.im.Digests;
import dev.lakeops.agent.im.VerificationException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Feishu/Lark event-subscription security with an Encrypt Key (open.feishu.cn, "Encrypt Key" and
 * "Verify the request signature"). Written on the JDK: no library implements this format.
 *
 * <pre>
 * encrypt   = Base64( iv[16] || AES-256-CBC(key = SHA-256(encrypt key), iv, PKCS#7(plaintext)) )
 * signature = hex( SHA-256( X-Lark-Request-Timestamp + X-Lark-Request-Nonce + encrypt key + raw body ) )
 * </pre>
 */
public final class FeishuCrypto {

  private static final int IV_BYTES = 16;

  private FeishuCrypto() {}

  /** The {@code X-Lark-Signature} of a request. */
  public static String signature(String timestamp, String nonce, String encryptKey, byte[] body) {
    return Digests.hex(Digests.sha256(Digests.utf8(timestamp + nonce + encryptKey), body));
  }

  /**
   * The plaintext of an {@code encrypt} field.
   *
   * @throws VerificationException not Base64, too short, or not decryptable with this key
   */
  public static String decrypt(String encryptKey, String encrypted) {
    byte[] raw;
    try {
      raw = Base64.getDecoder().decode(encrypted.strip());
    } catch (IllegalArgumentException e) {
      throw new VerificationException("encrypt: is not Base64");
    }
    if (raw.length < IV_BYTES * 2 || raw.length % IV_BYTES != 0) {
      throw new VerificationException(
          "encrypt: " + raw.length + " bytes is not an IV and whole AES blocks");
    }
    try {
      Cipher cipher =
          Cipher.getInstance(
              "AES/CBC/PKCS5Padding"); // PKCS#5 in the JDK is PKCS#7 for 16-byte blocks
      cipher.init(
          Cipher.DECRYPT_MODE, key(encryptKey), new IvParameterSpec(Arrays.copyOf(raw, IV_BYTES)));
      return new String(
          cipher.doFinal(raw, IV_BYTES, raw.length - IV_BYTES), StandardCharsets.UTF_8);
    } catch (GeneralSecurityException e) {
      throw new VerificationException("encrypt: does not decrypt with the configured encrypt key");
    }
  }

  /**
   * {@code plaintext} encrypted as Feishu does, with the given 16-byte IV (for tests and tools).
   */
  public static String encrypt(String encryptKey, String plaintext, byte[] iv) {
    if (iv.length != IV_BYTES) {
      throw new IllegalArgumentException("Invalid IV: " + iv.length + " bytes (must be 16)");
    }
    try {
      Cipher cipher = Cipher.getInstance("AES/CBC/PKCS5Padding");
      cipher.init(Cipher.ENCRYPT_MODE, key(encryptKey), new IvParameterSpec(iv));
      byte[] sealed = cipher.doFinal(plaintext.getBytes(StandardCharsets.UTF_8));
      byte[] out = new byte[IV_BYTES + sealed.length];
      System.arraycopy(iv, 0, out, 0, IV_BYTES);
      System.arraycopy(sealed, 0, out, IV_BYTES, sealed.length);
      return Base64.getEncoder().encodeToString(out);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("AES-256-CBC is not available in this JDK", e);
    }
  }

  private static SecretKeySpec key(String encryptKey) {
    return new SecretKeySpec(Digests.sha256(Digests.utf8(encryptKey)), "AES");
  }
}
