package dev.lakeops.tools.binlog.plan;

import static java.util.Objects.requireNonNull;

import dev.lakeops.tools.binlog.file.BinlogEvent;
import dev.lakeops.tools.binlog.file.BinlogReader;
import dev.lakeops.tools.binlog.file.BinlogVerdict;
import dev.lakeops.tools.binlog.file.BinlogVisitor;
import dev.lakeops.tools.binlog.file.Damage;
import dev.lakeops.tools.binlog.file.EventBody;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * Where a binlog reader may start again past the first damage of a file, found from the file's
 * verdict: the first complete transaction after the damage; else, in the file the server still
 * writes, the end of the valid events after it (the next transaction starts there); else the start
 * of the next file. Starting there skips exactly the transactions the damage cut.
 *
 * @param file the binlog file name to start in
 * @param position the byte position to start at
 * @param gtid the GTID of the transaction that starts there, when one already does
 * @param gtidState the MariaDB GTID position that starts a reader exactly there, when the point
 *     fixes it (the start of a file: its {@code GTID_LIST}); null inside a file
 * @param why how the position was chosen, for a person
 */
public record ResumePoint(
    String file, long position, @Nullable String gtid, @Nullable String gtidState, String why) {

  /** Where every binlog file's first event starts, after its 4-byte magic number. */
  public static final long FILE_START = 4;

  public ResumePoint {
    requireNonNull(file, "file");
    requireNonNull(why, "why");
  }

  /**
   * The resume point after {@code verdict}'s first damage.
   *
   * @param laterFiles the names of the binlog files after the verdict's, in order
   * @throws IllegalArgumentException the file has no damage, or no valid event follows the damage
   *     yet (the message says what to do)
   */
  public static ResumePoint after(BinlogVerdict verdict, List<String> laterFiles) {
    Damage bad = verdict.firstBad();
    String name = fileName(verdict.file());
    if (bad == null) {
      throw new IllegalArgumentException(
          "Binlog " + name + " verifies intact: there is no damage to start past");
    }
    if (verdict.resumeOffset() != null) {
      return new ResumePoint(
          name,
          verdict.resumeOffset(),
          verdict.resumeGtid(),
          null,
          "the first complete transaction after the damage at "
              + bad.offset()
              + (verdict.resumeGtid() == null ? "" : " (GTID " + verdict.resumeGtid() + ")"));
    }
    if (verdict.inUse() && verdict.cleanEnd() != null) {
      return new ResumePoint(
          name,
          verdict.cleanEnd(),
          null,
          null,
          "the end of the valid events after the damage at "
              + bad.offset()
              + ": the server writes its next transaction there");
    }
    if (!verdict.inUse() && !laterFiles.isEmpty()) {
      return new ResumePoint(
          laterFiles.get(0),
          FILE_START,
          null,
          null,
          "the start of the next binlog file: no complete transaction follows the damage at "
              + bad.offset()
              + " in "
              + name);
    }
    throw new IllegalArgumentException(
        "No valid event follows the damage at "
            + name
            + ":"
            + bad.offset()
            + " yet"
            + (verdict.inUse()
                ? ": wait for the server's next transaction (or FLUSH BINARY LOGS) and verify again"
                : " and no later binlog file is there"));
  }

  private static String fileName(String path) {
    int slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
    return path.substring(slash + 1);
  }

  /**
   * The start of the file after {@code damaged}, with the GTID position its {@code GTID_LIST}
   * holds: for a server that verifies checksums as it reads ({@code master_verify_checksum=ON}),
   * which scans a file from its start to find a GTID position and so cannot serve one past the
   * damage in the same file. Every transaction after the damage in {@code damaged} is skipped too.
   *
   * @throws IllegalArgumentException no later file is there (the damaged one is still written: a
   *     {@code FLUSH BINARY LOGS} starts the next), or it has no readable {@code GTID_LIST}
   * @throws UncheckedIOException a file cannot be read
   */
  public static ResumePoint nextFile(Path damaged) {
    List<String> later = laterFiles(damaged);
    String name = damaged.getFileName().toString();
    if (later.isEmpty()) {
      throw new IllegalArgumentException(
          "No binlog file after "
              + name
              + " yet: the server still writes the damaged file (FLUSH BINARY LOGS starts the"
              + " next one)");
    }
    Path next = damaged.resolveSibling(later.get(0));
    List<String> gtids = new ArrayList<>();
    boolean[] found = {false};
    BinlogReader.read(
        next,
        new Visitor() {
          @Override
          public void event(BinlogEvent event) {
            if (!found[0] && event.body() instanceof EventBody.MariadbGtidList l) {
              gtids.addAll(l.gtids());
              found[0] = true;
            }
          }
        });
    if (!found[0]) {
      throw new IllegalArgumentException(
          "Binlog " + later.get(0) + " has no readable GTID_LIST event to start a reader from");
    }
    return new ResumePoint(
        later.get(0),
        FILE_START,
        null,
        String.join(",", gtids),
        "the start of the next binlog file, GTIDs "
            + String.join(",", gtids)
            + ": the server verifies checksums as it reads and cannot start past the damage in "
            + name);
  }

  /**
   * The tables ({@code db.table}) mapped at or after {@code offset} in {@code file}, in the order
   * first seen: those the transactions a start past {@code offset} skips may have written.
   *
   * @throws UncheckedIOException the file cannot be read
   */
  public static List<String> tablesFrom(Path file, long offset) {
    Set<String> tables = new LinkedHashSet<>();
    BinlogReader.read(
        file,
        new Visitor() {
          @Override
          public void event(BinlogEvent event) {
            if (event.header().offset() >= offset && event.body() instanceof EventBody.TableMap t) {
              tables.add(t.qualifiedName());
            }
          }
        });
    return List.copyOf(tables);
  }

  /** A visitor that only looks at valid events. */
  private abstract static class Visitor implements BinlogVisitor {
    @Override
    public void start(String file, long length) {}

    @Override
    public void damage(Damage damage) {}

    @Override
    public void end(int checksumAlg) {}
  }

  /**
   * The binlog files after {@code file} in its directory: the same base name with a greater numeric
   * suffix ({@code mysql-bin.000007} after {@code mysql-bin.000006}), in order.
   *
   * @throws UncheckedIOException the directory cannot be listed
   */
  public static List<String> laterFiles(Path file) {
    String name = file.getFileName().toString();
    int dot = name.lastIndexOf('.');
    long number = dot < 0 ? -1 : suffix(name.substring(dot + 1));
    if (number < 0) {
      return List.of();
    }
    String base = name.substring(0, dot + 1);
    Path dir = file.toAbsolutePath().getParent();
    try (Stream<Path> entries = Files.list(dir)) {
      return entries
          .map(p -> p.getFileName().toString())
          .filter(n -> n.startsWith(base) && suffix(n.substring(base.length())) > number)
          .sorted(Comparator.comparingLong(n -> suffix(n.substring(base.length()))))
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list the binlog directory " + dir, e);
    }
  }

  private static long suffix(String text) {
    if (text.isEmpty() || text.length() > 18 || !text.chars().allMatch(Character::isDigit)) {
      return -1;
    }
    return Long.parseLong(text);
  }
}
