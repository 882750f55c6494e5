package dev.lakeops.tools.binlog.plan;

import java.util.List;
import org.jspecify.annotations.Nullable;

/** Where a connector's stored offset lies relative to the damage. Pure. */
final class Offsets {

  private Offsets() {}

  static @Nullable String relation(
      @Nullable ConnectorOffset offset, BinlogRecoveryPlanner.Gap gap, List<String> names) {
    if (offset == null) {
      return null;
    }
    String at = offset.file() + ":" + offset.position();
    int cmp = compare(offset.file(), gap.name, names);
    if (cmp == Integer.MIN_VALUE) {
      return "The stored offset "
          + at
          + " is in a file this plan does not cover; its relation to the damage is unknown.";
    }
    long restart = gap.verdict.restartPosition();
    if (cmp < 0 || (cmp == 0 && offset.position() <= restart)) {
      return "The stored offset "
          + at
          + " is before the damage at "
          + gap.name
          + ":"
          + gap.bad.offset()
          + ": a plain restart reads up to the damage and fails there again; choose an option"
          + " below.";
    }
    boolean pastResume =
        gap.resumePosition != null
            && (compare(offset.file(), gap.resumeFile, names) > 0
                || (offset.file().equals(gap.resumeFile)
                    && offset.position() >= gap.resumePosition));
    if (pastResume) {
      return "The stored offset "
          + at
          + " is already past the damage: the source read through it, so the damaged "
          + "span may have been skipped or emitted as wrong rows; run the backfill.";
    }
    return "The stored offset "
        + at
        + " lies inside the damaged range "
        + gap.restartText()
        + " .. "
        + gap.resumeText()
        + ": restart at a position from the options, not at the stored one.";
  }

  /**
   * Orders binlog file names by their position in the plan, else by their numeric suffix; MIN_VALUE
   * when incomparable.
   */
  private static int compare(String a, @Nullable String b, List<String> names) {
    if (b == null) {
      return Integer.MIN_VALUE;
    }
    int ia = names.indexOf(a);
    int ib = names.indexOf(b);
    if (ia >= 0 && ib >= 0) {
      return Integer.compare(ia, ib);
    }
    int da = a.lastIndexOf('.');
    int db = b.lastIndexOf('.');
    if (da < 0 || db < 0 || !a.substring(0, da).equals(b.substring(0, db))) {
      return Integer.MIN_VALUE;
    }
    try {
      return Long.compare(Long.parseLong(a.substring(da + 1)), Long.parseLong(b.substring(db + 1)));
    } catch (NumberFormatException e) {
      return Integer.MIN_VALUE;
    }
  }
}
