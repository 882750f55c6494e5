package dev.lakeops.table.io;

import java.net.URI;
import java.util.Map;
import java.util.Set;

/**
 * Opens a {@link FileIO} for the warehouses of some URI schemes ({@code s3}, {@code hdfs}); found
 * with {@link java.util.ServiceLoader}, so an object-store client stays out of the engine's core.
 */
public interface FileIOFactory {

  /** The URI schemes served, lower case. */
  Set<String> schemes();

  /**
   * A {@link FileIO} rooted at {@code warehouse}: the engine's path {@code /p/q} is {@code
   * <warehouse's authority>/p/q}, so {@link FileIOs#rootPath} of the URI is the warehouse's path.
   *
   * @param options settings of the store (endpoint, region, credentials), by the factory's keys
   * @throws IllegalArgumentException the URI or an option is invalid; names it (never a secret)
   */
  FileIO open(URI warehouse, Map<String, String> options);
}
