package dev.lakeops.table.commit;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.meta.FileIdentifier;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.paths.TablePaths;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * Brings deleted data files back under new names. Paimon readers drop every file identity that a
 * DELETE entry ever named (they collect the deleted identities first, then skip ADDs of them), so a
 * file that was deleted cannot be added again as itself: a restore copies it to a new file name in
 * the same bucket and adds the copy, with the same statistics, level and sequence numbers. Copies
 * are made once per file and reused by later commit attempts.
 */
final class RestoredFiles {

  private final FileIO io;
  private final DataFileLocator locator;
  private final String prefix;
  private final UUID uuid = UUID.randomUUID();
  private final Map<FileIdentifier, ManifestEntry> copies = new HashMap<>();
  private int counter;

  RestoredFiles(FileIO io, DataFileLocator locator, String prefix) {
    this.io = requireNonNull(io, "io");
    this.locator = requireNonNull(locator, "locator");
    this.prefix = requireNonNull(prefix, "prefix");
  }

  /**
   * The entry that brings {@code deleted} back: an ADD of a copy under a new name.
   *
   * @throws UnsupportedOperationException the file lives outside the table or has legacy extra
   *     files
   */
  synchronized ManifestEntry copyOf(ManifestEntry deleted) {
    ManifestEntry copy = copies.get(deleted.identifier());
    if (copy != null) {
      return copy;
    }
    DataFileMeta file = deleted.file();
    if (file.externalPath() != null || !file.extraFiles().isEmpty()) {
      throw new UnsupportedOperationException(
          "Cannot restore data file "
              + file.fileName()
              + ": files with an "
              + "external path or extra files are not copied");
    }
    String extension = TablePaths.fileFormat(file.fileName()).orElse("avro");
    String name = TablePaths.dataFileName(prefix, uuid, counter++, extension);
    Path source = locator.file(deleted.partition(), deleted.bucket(), file.fileName());
    Path target = locator.file(deleted.partition(), deleted.bucket(), name);
    io.writeAtomically(
        target,
        out -> {
          try (InputStream in = io.open(source)) {
            in.transferTo(out);
          } catch (UncheckedIOException e) {
            throw e.getCause();
          }
        });
    copy =
        new ManifestEntry(
            deleted.kind(),
            deleted.partition(),
            deleted.bucket(),
            deleted.totalBuckets(),
            file.toBuilder().fileName(name).build());
    copies.put(deleted.identifier(), copy);
    return copy;
  }

  synchronized int count() {
    return copies.size();
  }
}
