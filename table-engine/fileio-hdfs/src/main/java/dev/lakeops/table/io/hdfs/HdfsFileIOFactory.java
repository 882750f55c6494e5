package dev.lakeops.table.io.hdfs;

import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.io.FileIOFactory;
import java.net.URI;
import java.util.Map;
import java.util.Set;

/** Serves {@code hdfs://namenode:port/path} warehouses with an {@link HdfsFileIO}. */
public final class HdfsFileIOFactory implements FileIOFactory {

  @Override
  public Set<String> schemes() {
    return Set.of("hdfs");
  }

  @Override
  public FileIO open(URI warehouse, Map<String, String> options) {
    return HdfsFileIO.open(warehouse, HdfsSettings.from(options, System.getenv()));
  }
}
