package dev.lakeops.table.io.s3;

import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.io.FileIOFactory;
import java.net.URI;
import java.util.Map;
import java.util.Set;

/** Serves {@code s3://bucket/prefix} and {@code s3a://} warehouses with an {@link S3FileIO}. */
public final class S3FileIOFactory implements FileIOFactory {

  @Override
  public Set<String> schemes() {
    return Set.of("s3", "s3a");
  }

  @Override
  public FileIO open(URI warehouse, Map<String, String> options) {
    String bucket = warehouse.getAuthority();
    if (bucket == null || bucket.isEmpty()) {
      throw new IllegalArgumentException(
          "Invalid warehouse " + warehouse + ": no bucket (expected s3://<bucket>/<path>)");
    }
    return S3FileIO.open(
        warehouse.getScheme().toLowerCase(java.util.Locale.ROOT),
        bucket,
        S3Settings.from(options, System.getenv()));
  }
}
