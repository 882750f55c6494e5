package dev.lakeops.agent.im;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The hashes the platforms sign with, from the JDK. No library implements these platforms' signing
 * and encryption formats, so they are written here from the platforms' documentation and tested
 * against the vectors those documents publish.
 */
public final class Digests {

  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private Digests() {}

  public static byte[] hmacSha256(byte[] key, byte[] data) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      return mac.doFinal(data);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is not available in this JDK", e);
    }
  }

  public static byte[] sha256(byte[]... parts) {
    return digest("SHA-256", parts);
  }

  public static byte[] sha1(byte[]... parts) {
    return digest("SHA-1", parts);
  }

  private static byte[] digest(String algorithm, byte[]... parts) {
    try {
      MessageDigest digest = MessageDigest.getInstance(algorithm);
      for (byte[] part : parts) {
        digest.update(part);
      }
      return digest.digest();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(algorithm + " is not available in this JDK", e);
    }
  }

  public static String hex(byte[] bytes) {
    char[] out = new char[bytes.length * 2];
    for (int i = 0; i < bytes.length; i++) {
      out[2 * i] = HEX[(bytes[i] >> 4) & 0xf];
      out[2 * i + 1] = HEX[bytes[i] & 0xf];
    }
    return new String(out);
  }

  public static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Compares in time independent of where the texts differ, so a signature cannot be guessed byte
   * by byte.
   */
  public static boolean same(String expected, String actual) {
    return actual != null && MessageDigest.isEqual(utf8(expected), utf8(actual));
  }
}
