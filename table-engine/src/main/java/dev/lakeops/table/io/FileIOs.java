package dev.lakeops.table.io;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Opens the {@link FileIO} of a warehouse URI: a local path or {@code file:} URI gives a {@link
 * LocalFileIO}; any other scheme ({@code s3://bucket/prefix}, {@code s3a://}) the {@link FileIO} of
 * the {@link FileIOFactory} on the class path that serves it.
 *
 * <p>The engine passes {@link Path}s around; on an object store they are names under the bucket:
 * {@code s3://bucket/wh/db.db/t} is the path {@code /wh/db.db/t} of the FileIO opened for {@code
 * s3://bucket/wh}, and {@link #rootPath} gives {@code /wh}.
 */
public final class FileIOs {

  private static final Pattern SCHEME = Pattern.compile("^([a-zA-Z][a-zA-Z0-9+.-]*):.*", 0);

  private FileIOs() {}

  /**
   * The FileIO of {@code warehouseUri}.
   *
   * @throws UnsupportedWarehouseException no FileIO serves the URI's scheme
   * @throws IllegalArgumentException the URI is not valid; names it
   */
  public static FileIO open(String warehouseUri, Map<String, String> options) {
    String scheme = scheme(warehouseUri);
    if (scheme == null || scheme.equals("file")) {
      rootPath(warehouseUri);
      return new LocalFileIO();
    }
    FileIOFactory factory = factories().get(scheme);
    if (factory == null) {
      throw new UnsupportedWarehouseException(warehouseUri, scheme, knownSchemes());
    }
    return factory.open(parse(warehouseUri), options);
  }

  /** The warehouse's root as the path its {@link #open FileIO} takes. */
  public static Path rootPath(String warehouseUri) {
    String scheme = scheme(warehouseUri);
    if (scheme == null) {
      if (warehouseUri.isBlank()) {
        throw new IllegalArgumentException("Invalid warehouse '': the location is empty");
      }
      return Path.of(warehouseUri);
    }
    URI uri = parse(warehouseUri);
    if (scheme.equals("file")) {
      if (uri.getPath() == null || uri.getPath().isEmpty()) {
        throw new IllegalArgumentException(
            "Invalid warehouse " + warehouseUri + ": a file: URI needs an absolute path");
      }
      return Path.of(uri.getPath());
    }
    if (uri.getAuthority() == null || uri.getAuthority().isEmpty()) {
      throw new IllegalArgumentException(
          "Invalid warehouse "
              + warehouseUri
              + ": no bucket or host (expected "
              + scheme
              + "://<bucket>/<path>)");
    }
    String path = uri.getPath() == null || uri.getPath().isEmpty() ? "/" : uri.getPath();
    return Path.of(path);
  }

  /** Whether {@code warehouseUri} names a local directory (no scheme or {@code file:}). */
  public static boolean isLocal(String warehouseUri) {
    String scheme = scheme(warehouseUri);
    return scheme == null || scheme.equals("file");
  }

  /** The schemes served, {@code file} included. */
  public static Set<String> knownSchemes() {
    Set<String> known = new TreeSet<>(factories().keySet());
    known.add("file");
    return known;
  }

  private static Map<String, FileIOFactory> factories() {
    Map<String, FileIOFactory> byScheme = new TreeMap<>();
    for (FileIOFactory f :
        ServiceLoader.load(FileIOFactory.class, FileIOs.class.getClassLoader())) {
      for (String s : f.schemes()) {
        byScheme.putIfAbsent(s.toLowerCase(Locale.ROOT), f);
      }
    }
    return byScheme;
  }

  // A single letter before ':' is a Windows drive, not a scheme.
  private static String scheme(String uri) {
    var m = SCHEME.matcher(uri);
    if (!m.matches() || m.group(1).length() == 1) {
      return null;
    }
    return m.group(1).toLowerCase(Locale.ROOT);
  }

  private static URI parse(String warehouseUri) {
    try {
      return new URI(warehouseUri);
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(
          "Invalid warehouse " + warehouseUri + ": " + e.getReason(), e);
    }
  }
}
