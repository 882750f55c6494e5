package dev.lakeops.tools.binlog.live;

import static dev.lakeops.tools.Checks.checkArgument;

import org.jspecify.annotations.Nullable;

/**
 * Where a CDC connector will resume: a binlog file and position, or a GTID set (MariaDB {@code
 * domain-server-seq,...}, MySQL {@code uuid:1-5,...}). Exactly one of the two forms.
 */
public record ConnectorOffset(@Nullable String file, long pos, @Nullable String gtidSet) {

  public ConnectorOffset {
    checkArgument(
        (file == null) != (gtidSet == null),
        "an offset is a file and position or a GTID set, not both or none");
    if (file != null) {
      checkArgument(
          file.matches("[A-Za-z0-9._-]{1,255}"),
          "binlog file name %s is not a plain file name",
          file);
      checkArgument(
          pos >= 4, "position %s is below 4 (the first event starts after the 4-byte magic)", pos);
    } else {
      checkArgument(!gtidSet.isBlank(), "GTID set is empty");
    }
  }

  public static ConnectorOffset filePos(String file, long pos) {
    return new ConnectorOffset(file, pos, null);
  }

  public static ConnectorOffset gtids(String gtidSet) {
    return new ConnectorOffset(null, 0, gtidSet.strip());
  }

  /**
   * Parses {@code FILE:POS}, e.g. {@code mysql-bin.000042:1234}.
   *
   * @throws IllegalArgumentException the text is not of that form; the message quotes it
   */
  public static ConnectorOffset parseFilePos(String text) {
    int colon = text.lastIndexOf(':');
    checkArgument(
        colon > 0 && colon < text.length() - 1,
        "offset %s is not FILE:POS (e.g. mysql-bin.000042:1234)",
        text);
    long pos;
    try {
      pos = Long.parseLong(text.substring(colon + 1));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "offset " + text + " is not FILE:POS: " + text.substring(colon + 1) + " is not a number");
    }
    return filePos(text.substring(0, colon), pos);
  }

  public boolean isGtid() {
    return gtidSet != null;
  }

  @Override
  public String toString() {
    return isGtid() ? gtidSet : file + ":" + pos;
  }
}
