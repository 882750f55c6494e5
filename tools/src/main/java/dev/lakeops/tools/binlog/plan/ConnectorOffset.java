package dev.lakeops.tools.binlog.plan;

import static java.util.Objects.requireNonNull;

/** A CDC connector's stored binlog offset: file name and position, as in its checkpoint or log. */
public record ConnectorOffset(String file, long position) {

  public ConnectorOffset {
    requireNonNull(file, "file");
  }

  /**
   * Parses {@code mysql-bin.000042:1234} (also {@code mysql-bin.000042/1234}, Debezium's "near
   * position" form).
   *
   * @throws IllegalArgumentException the text has no file and numeric position
   */
  public static ConnectorOffset parse(String text) {
    String t = text == null ? "" : text.strip();
    int sep = Math.max(t.lastIndexOf(':'), t.lastIndexOf('/'));
    if (sep <= 0 || sep == t.length() - 1) {
      throw new IllegalArgumentException(
          "Invalid connector offset '" + text + "': expected FILE:POS, e.g. mysql-bin.000042:1234");
    }
    try {
      long position = Long.parseLong(t.substring(sep + 1));
      if (position < 0) {
        throw new NumberFormatException();
      }
      return new ConnectorOffset(t.substring(0, sep), position);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "Invalid connector offset '"
              + text
              + "': position '"
              + t.substring(sep + 1)
              + "' is not a non-negative number");
    }
  }
}
