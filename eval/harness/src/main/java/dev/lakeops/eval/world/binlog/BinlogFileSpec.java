package dev.lakeops.eval.world.binlog;

import java.util.List;

/**
 * One binlog file of the simulated world: the recorded MariaDB binlog ({@link BinlogWorld}), intact
 * or damaged at one event.
 *
 * <ul>
 *   <li>{@value #NONE}: the recording as it is ({@code event} is not read);
 *   <li>{@value #FLIPPED_BYTE}: one byte in the middle of event {@code event}'s body inverted, so
 *       its CRC32 no longer matches;
 *   <li>{@value #TRUNCATED}: the file cut in the middle of event {@code event}'s body;
 *   <li>{@value #GARBAGE_HEADER}: event {@code event}'s 19-byte header overwritten with {@code
 *       0xEE} bytes.
 * </ul>
 *
 * @param name the file name in the directory ({@code mysql-bin.000002}); no directory part
 * @param damage one of {@link #DAMAGES}
 * @param event the damaged event, counted from 1 (the FORMAT_DESCRIPTION event); at most {@link
 *     BinlogWorld#RECORDED_EVENTS}
 */
public record BinlogFileSpec(String name, String damage, int event) {

  public static final String NONE = "none";
  public static final String FLIPPED_BYTE = "flipped-byte";
  public static final String TRUNCATED = "truncated";
  public static final String GARBAGE_HEADER = "garbage-header";

  /** Every damage the world can write. */
  public static final List<String> DAMAGES = List.of(NONE, FLIPPED_BYTE, TRUNCATED, GARBAGE_HEADER);

  public BinlogFileSpec {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("Invalid name: must not be blank");
    }
    if (name.contains("/")
        || name.contains("\\")
        || name.equals(".")
        || name.equals("..")
        || !name.strip().equals(name)) {
      throw new IllegalArgumentException(
          "Invalid name: '" + name + "' (a file name, without a directory)");
    }
    if (damage == null || !DAMAGES.contains(damage)) {
      throw new IllegalArgumentException(
          "Unknown binlog damage: "
              + (damage == null ? "none given" : "'" + damage + "'")
              + " (known: "
              + String.join(", ", DAMAGES)
              + ")");
    }
    if (!damage.equals(NONE) && (event < 1 || event > BinlogWorld.RECORDED_EVENTS)) {
      throw new IllegalArgumentException(
          "Invalid event for damage "
              + damage
              + ": "
              + event
              + " (the recording has events 1.."
              + BinlogWorld.RECORDED_EVENTS
              + ")");
    }
  }

  /** The recording as it is, named {@code name}. */
  public static BinlogFileSpec intact(String name) {
    return new BinlogFileSpec(name, NONE, 0);
  }
}
