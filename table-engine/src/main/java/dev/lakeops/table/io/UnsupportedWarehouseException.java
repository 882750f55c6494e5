package dev.lakeops.table.io;

import java.util.Set;

/** A warehouse URI whose scheme no {@link FileIO} on the class path serves. */
public final class UnsupportedWarehouseException extends RuntimeException {

  private final String uri;

  public UnsupportedWarehouseException(String uri, String scheme, Set<String> known) {
    super(
        "Unsupported warehouse "
            + uri
            + ": no file system for scheme '"
            + scheme
            + "' (known schemes: "
            + String.join(", ", known)
            + ")");
    this.uri = uri;
  }

  public String uri() {
    return uri;
  }
}
