package dev.lakeops.agent.alert;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The fingerprint of a label set, for alerts whose sender gives none: 64-bit FNV-1a over the labels
 * sorted by name, each name and value followed by the byte {@code 0xff}, as 16 lower-case hex
 * digits. This is the scheme Prometheus and Alertmanager use for their own fingerprints, so an
 * alert relayed without its fingerprint gets the one Alertmanager would have sent.
 */
public final class LabelFingerprint {

  private static final long OFFSET_BASIS = 0xcbf29ce484222325L;
  private static final long PRIME = 0x100000001b3L;
  private static final int SEPARATOR = 0xff;

  private LabelFingerprint() {}

  public static String of(Map<String, String> labels) {
    // Go sorts label names by their UTF-8 bytes; String order differs above U+FFFF.
    List<byte[][]> pairs = new ArrayList<>();
    labels.forEach((name, value) -> pairs.add(new byte[][] {utf8(name), utf8(value)}));
    pairs.sort((a, b) -> Arrays.compareUnsigned(a[0], b[0]));
    long hash = OFFSET_BASIS;
    for (byte[][] pair : pairs) {
      hash = add(hash, pair[0]);
      hash = add(hash, SEPARATOR);
      hash = add(hash, pair[1]);
      hash = add(hash, SEPARATOR);
    }
    return String.format("%016x", hash);
  }

  private static long add(long hash, byte[] bytes) {
    for (byte b : bytes) {
      hash = add(hash, b & 0xff);
    }
    return hash;
  }

  private static long add(long hash, int unsignedByte) {
    return (hash ^ unsignedByte) * PRIME;
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
