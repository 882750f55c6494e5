package dev.lakeops.tools.binlog.file;

/** An event body does not match its documented layout; names the file and the event's offset. */
public final class BinlogFormatException extends RuntimeException {

  private final String file;
  private final long offset;

  public BinlogFormatException(String file, long offset, String reason) {
    super(reason + " (" + file + " at offset " + offset + ")");
    this.file = file;
    this.offset = offset;
  }

  public String file() {
    return file;
  }

  public long offset() {
    return offset;
  }
}
