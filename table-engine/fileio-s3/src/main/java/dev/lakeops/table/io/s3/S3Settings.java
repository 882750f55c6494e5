package dev.lakeops.table.io.s3;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * How to reach the store of an {@code s3://} warehouse, from the options first and the standard AWS
 * environment variables second ({@code AWS_ENDPOINT_URL_S3} / {@code AWS_ENDPOINT_URL}, {@code
 * AWS_REGION}, {@code AWS_ACCESS_KEY_ID}, {@code AWS_SECRET_ACCESS_KEY}, {@code
 * AWS_SESSION_TOKEN}); without keys the SDK's default provider chain (profile, container, instance
 * role) supplies the credentials. A custom endpoint turns on path-style access unless {@code
 * s3.path-style-access} says otherwise, as S3-compatible stores (MinIO, Ceph, OSS, COS) need.
 * {@link #toString()} never shows a secret.
 */
public record S3Settings(
    @Nullable URI endpoint,
    Optional<String> region,
    boolean pathStyle,
    @Nullable String accessKey,
    @Nullable String secretKey,
    @Nullable String sessionToken,
    int maxAttempts,
    long partSize,
    boolean conditionalWrites) {

  public static final String ENDPOINT = "s3.endpoint";
  public static final String REGION = "s3.region";
  public static final String PATH_STYLE = "s3.path-style-access";
  public static final String ACCESS_KEY = "s3.access-key";
  public static final String SECRET_KEY = "s3.secret-key";
  public static final String SESSION_TOKEN = "s3.session-token";
  public static final String MAX_ATTEMPTS = "s3.max-attempts";
  public static final String PART_SIZE = "s3.multipart.part-size";
  public static final String CONDITIONAL_WRITES = "s3.conditional-writes";

  static final Set<String> KEYS =
      Set.of(
          ENDPOINT,
          REGION,
          PATH_STYLE,
          ACCESS_KEY,
          SECRET_KEY,
          SESSION_TOKEN,
          MAX_ATTEMPTS,
          PART_SIZE,
          CONDITIONAL_WRITES);

  /** S3's smallest part but the last. */
  static final long MIN_PART_SIZE = 5L << 20;

  /**
   * Reads the settings.
   *
   * @param options {@code s3.*} keys; other keys are ignored, an unknown {@code s3.} key is refused
   * @param env the process environment
   * @throws IllegalArgumentException an option has an invalid value; names the option
   */
  public static S3Settings from(Map<String, String> options, Map<String, String> env) {
    for (String key : options.keySet()) {
      if (key.startsWith("s3.") && !KEYS.contains(key)) {
        throw new IllegalArgumentException(
            "Unknown S3 option " + key + " (known: " + String.join(", ", sorted(KEYS)) + ")");
      }
    }
    String endpointText =
        first(options.get(ENDPOINT), env.get("AWS_ENDPOINT_URL_S3"), env.get("AWS_ENDPOINT_URL"));
    URI endpoint = endpointText == null ? null : endpoint(endpointText);
    Optional<String> region =
        Optional.ofNullable(
            first(options.get(REGION), env.get("AWS_REGION"), env.get("AWS_DEFAULT_REGION")));
    boolean pathStyle =
        options.containsKey(PATH_STYLE)
            ? bool(PATH_STYLE, options.get(PATH_STYLE))
            : endpoint != null;
    String accessKey = options.get(ACCESS_KEY);
    String secretKey = options.get(SECRET_KEY);
    String sessionToken = options.get(SESSION_TOKEN);
    if (accessKey == null && secretKey == null) {
      accessKey = blankToNull(env.get("AWS_ACCESS_KEY_ID"));
      secretKey = blankToNull(env.get("AWS_SECRET_ACCESS_KEY"));
      sessionToken = blankToNull(env.get("AWS_SESSION_TOKEN"));
    }
    if ((accessKey == null) != (secretKey == null)) {
      throw new IllegalArgumentException(
          "Incomplete S3 credentials: "
              + (accessKey == null ? ACCESS_KEY : SECRET_KEY)
              + " is missing (give both, or neither to use the default provider chain)");
    }
    int maxAttempts = (int) number(MAX_ATTEMPTS, options.get(MAX_ATTEMPTS), 5, 1, 20);
    long partSize = number(PART_SIZE, options.get(PART_SIZE), 8L << 20, MIN_PART_SIZE, 5L << 30);
    boolean conditional =
        !options.containsKey(CONDITIONAL_WRITES)
            || bool(CONDITIONAL_WRITES, options.get(CONDITIONAL_WRITES));
    return new S3Settings(
        endpoint,
        region,
        pathStyle,
        accessKey,
        secretKey,
        sessionToken,
        maxAttempts,
        partSize,
        conditional);
  }

  private static URI endpoint(String text) {
    try {
      URI uri = new URI(text.trim());
      String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
      if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
        throw new IllegalArgumentException(
            "Invalid S3 endpoint '" + text + "': expected http(s)://host[:port]");
      }
      return uri;
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("Invalid S3 endpoint '" + text + "': " + e.getReason(), e);
    }
  }

  private static boolean bool(String key, String value) {
    return switch (value.trim().toLowerCase(Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default ->
          throw new IllegalArgumentException(
              "Invalid " + key + " '" + value + "': expected true or false");
    };
  }

  private static long number(String key, @Nullable String value, long def, long min, long max) {
    if (value == null) {
      return def;
    }
    long n;
    try {
      n = Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("Invalid " + key + " '" + value + "': not a number", e);
    }
    if (n < min || n > max) {
      throw new IllegalArgumentException(
          "Invalid " + key + " " + n + ": must be between " + min + " and " + max);
    }
    return n;
  }

  private static @Nullable String first(@Nullable String... values) {
    for (String v : values) {
      if (v != null && !v.isBlank()) {
        return v.trim();
      }
    }
    return null;
  }

  private static @Nullable String blankToNull(@Nullable String s) {
    return s == null || s.isBlank() ? null : s;
  }

  private static java.util.List<String> sorted(Set<String> keys) {
    return keys.stream().sorted().toList();
  }

  boolean hasStaticCredentials() {
    return accessKey != null;
  }

  @Override
  public String toString() {
    return "S3Settings[endpoint="
        + (endpoint == null ? "(AWS default)" : endpoint)
        + ", region="
        + region.orElse("(default chain)")
        + ", pathStyle="
        + pathStyle
        + ", credentials="
        + (accessKey == null ? "default provider chain" : "static keys (secret ***)")
        + ", maxAttempts="
        + maxAttempts
        + ", partSize="
        + partSize
        + ", conditionalWrites="
        + conditionalWrites
        + "]";
  }
}
