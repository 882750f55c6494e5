package dev.lakeops.table.index;

/**
 * Another writer changed the hash index of a partition this writer assigns keys in, after this
 * writer loaded it: committing would put a key in two buckets or drop the other writer's hashes, so
 * the write is refused (Paimon's dynamic bucket mode supports one writer at a time per partition).
 * The message names the table, the partition's bucket and the index files.
 */
public final class HashIndexChangedException extends IllegalStateException {

  private static final long serialVersionUID = 1L;

  public HashIndexChangedException(String message) {
    super(message);
  }
}
