package dev.lakeops.eval.world.lake;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.catalog.Catalog;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * The lake warehouse of the simulated world: real Paimon-format tables written by the lakeops table
 * engine, so the table tools read them as they read a production warehouse.
 *
 * <p>What each table holds, for a scenario's ground truth:
 *
 * <ul>
 *   <li>writer 1 ({@link #commitUser commitUser(table, 1)}) commits the rows in order: 3 commits
 *       (fewer when there are fewer rows), or {@code count} commits with a {@code small-files} or
 *       {@code compaction-backlog} fault, identifiers 1, 2, …;
 *   <li>with {@code duplicates-after-stateless-restart}, writer 2 then commits the last {@code
 *       count} rows again at identifier 1;
 *   <li>commits are one minute apart, the last at {@code now}. A primary-key writer that compacts
 *       adds a COMPACT snapshot right after its APPEND snapshot, at the same time.
 * </ul>
 */
public final class LakeWorld {

  private LakeWorld() {}

  /**
   * Writes every table of {@code tables} into {@code warehouse} ({@code <database>.db/<table>}).
   *
   * @throws IllegalArgumentException two specs name the same table
   * @throws dev.lakeops.table.catalog.AlreadyExistsException a table already exists in the
   *     warehouse
   */
  public static void write(Path warehouse, List<LakeTableSpec> tables, Instant now) {
    requireNonNull(warehouse, "warehouse");
    requireNonNull(now, "now");
    Set<String> names = new HashSet<>();
    for (LakeTableSpec spec : tables) {
      if (!names.add(spec.qualifiedName())) {
        throw new IllegalArgumentException("Table " + spec.qualifiedName() + " is given twice");
      }
    }
    Catalog catalog = new Catalog(new UnsyncedFileIO(), warehouse);
    for (LakeTableSpec spec : tables) {
      LakeTableWriter.write(catalog, spec, now);
    }
  }

  /**
   * The commit user of writer {@code writer} (1, or 2 after a stateless restart) of {@code
   * database.table}: a UUID, as a Flink sink's, the same on every run.
   */
  public static String commitUser(String qualifiedName, int writer) {
    return UUID.nameUUIDFromBytes(
            (qualifiedName + "#writer-" + writer).getBytes(StandardCharsets.UTF_8))
        .toString();
  }
}
