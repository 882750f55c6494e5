package dev.lakeops.table.format;

import static java.util.Objects.requireNonNull;

import java.util.Locale;
import java.util.Set;

/**
 * The codec of a data file, as option {@code file.compression} names it ({@code zstd}, {@code
 * snappy}, {@code none}, ...), with the zstd level ({@code file.compression.zstd-level}). Each
 * format accepts a subset and says so when it does not.
 *
 * @param codec lower-case codec name
 * @param zstdLevel compression level, used by zstd only
 */
public record Compression(String codec, int zstdLevel) {

  public static final Set<String> KNOWN =
      Set.of("none", "zstd", "snappy", "deflate", "gzip", "lz4", "lzo", "brotli");

  /** Paimon's default: zstd at level 1. */
  public static final Compression DEFAULT = new Compression("zstd", 1);

  public static final Compression NONE = new Compression("none", 1);

  public Compression {
    requireNonNull(codec, "codec");
    if (!KNOWN.contains(codec)) {
      throw new IllegalArgumentException(
          "Unknown compression: " + codec + " (known: " + KNOWN + ")");
    }
    if (zstdLevel < 1 || zstdLevel > 22) {
      throw new IllegalArgumentException("Invalid zstd level: " + zstdLevel + " (must be 1..22)");
    }
  }

  /**
   * The option value ({@code ZSTD}, {@code uncompressed} and {@code null} are accepted too), zstd
   * level 1.
   */
  public static Compression parse(String option) {
    String name = option.trim().toLowerCase(Locale.ROOT);
    if (name.equals("uncompressed") || name.equals("null")) {
      name = "none";
    }
    return new Compression(name, 1);
  }

  public Compression withZstdLevel(int level) {
    return new Compression(codec, level);
  }
}
