package dev.lakeops.tools.binlog.file;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/**
 * Builds MySQL 8-style binlogs byte by byte from the documented layout (binlog.md §2, §5), for the
 * event types MariaDB never writes. Every event gets a correct {@code log_pos} and CRC32 trailer.
 */
public final class SyntheticBinlog {

  public static final String UUID = "3e11fa47-71ca-11e1-9e33-c80aa9429562";
  private static final int SERVER_ID = 7;

  /**
   * Post-header length per event type 1..41 as MySQL 8.0 writes them in the FDE (public mysqlbinlog
   * dumps of 8.0): QUERY 13, ROTATE 8, FDE 98, TABLE_MAP 8, rows v1 8, rows v2 10, GTID 42, ...
   */
  private static final byte[] MYSQL8_POST_HEADER_LENGTHS = {
    0, 13, 0, 8, 0, 0, 0, 0, 4, 0, 4, 0, 0, 0, 98, 0, 4, 26, 8, 0, 0, 0, 8, 8, 8, 2, 0, 0, 0, 10,
    10, 10, 42, 42, 0, 18, 52, 0, 10, 40, 0
  };

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();

  public SyntheticBinlog() {
    out.writeBytes(new byte[] {(byte) 0xfe, 'b', 'i', 'n'});
    ByteBuffer fde = body(2 + 50 + 4 + 1 + 41 + 1);
    fde.putShort((short) 4);
    byte[] version = new byte[50];
    byte[] text = "8.0.34".getBytes(StandardCharsets.US_ASCII);
    System.arraycopy(text, 0, version, 0, text.length);
    fde.put(version).putInt(0).put((byte) 19).put(MYSQL8_POST_HEADER_LENGTHS).put((byte) 1);
    event(EventTypes.FORMAT_DESCRIPTION, fde);
  }

  /** Offset where the next event will start. */
  public long position() {
    return out.size();
  }

  public SyntheticBinlog previousGtids(long firstGno, long lastGno) {
    ByteBuffer b = body(8 + 16 + 8 + 16);
    b.putLong(1).put(uuidBytes()).putLong(1).putLong(firstGno).putLong(lastGno + 1);
    return event(EventTypes.MYSQL_PREVIOUS_GTIDS, b);
  }

  public SyntheticBinlog gtid(long gno) {
    ByteBuffer b = body(42 + 7 + 1 + 4);
    b.put((byte) 1).put(uuidBytes()).putLong(gno).put((byte) 2).putLong(gno - 1).putLong(gno);
    b.put(new byte[7]).put((byte) 60).putInt(80034);
    return event(EventTypes.MYSQL_GTID, b);
  }

  public SyntheticBinlog anonymousGtid() {
    ByteBuffer b = body(42 + 7 + 1 + 4);
    b.put((byte) 1).put(new byte[16]).putLong(0).put((byte) 2).putLong(0).putLong(1);
    b.put(new byte[7]).put((byte) 60).putInt(80034);
    return event(EventTypes.MYSQL_ANONYMOUS_GTID, b);
  }

  public SyntheticBinlog query(String sql) {
    byte[] db = "shop".getBytes(StandardCharsets.UTF_8);
    byte[] text = sql.getBytes(StandardCharsets.UTF_8);
    ByteBuffer b = body(13 + db.length + 1 + text.length);
    b.putInt(9)
        .putInt(0)
        .put((byte) db.length)
        .putShort((short) 0)
        .putShort((short) 0)
        .put(db)
        .put((byte) 0)
        .put(text);
    return event(EventTypes.QUERY, b);
  }

  public SyntheticBinlog tableMap(long tableId, String table) {
    byte[] db = "shop".getBytes(StandardCharsets.UTF_8);
    byte[] name = table.getBytes(StandardCharsets.UTF_8);
    ByteBuffer b = body(6 + 2 + 1 + db.length + 1 + 1 + name.length + 1 + 1 + 1 + 1 + 1);
    putU48(b, tableId);
    b.putShort((short) 1)
        .put((byte) db.length)
        .put(db)
        .put((byte) 0)
        .put((byte) name.length)
        .put(name)
        .put((byte) 0);
    b.put((byte) 1)
        .put((byte) 3)
        .put((byte) 0)
        .put((byte) 0); // one INT column, no metadata, not nullable
    return event(EventTypes.TABLE_MAP, b);
  }

  public SyntheticBinlog writeRowsV2(long tableId, int value) {
    ByteBuffer b = body(6 + 2 + 2 + 1 + 1 + 1 + 4);
    putU48(b, tableId);
    b.putShort((short) 1)
        .putShort((short) 2)
        .put((byte) 1)
        .put((byte) 1)
        .put((byte) 0)
        .putInt(value);
    return event(EventTypes.WRITE_ROWS_V2, b);
  }

  public SyntheticBinlog xid(long xid) {
    return event(EventTypes.XID, body(8).putLong(xid));
  }

  public SyntheticBinlog rotate(String next) {
    byte[] name = next.getBytes(StandardCharsets.UTF_8);
    return event(EventTypes.ROTATE, body(8 + name.length).putLong(4).put(name));
  }

  /**
   * A TRANSACTION_PAYLOAD (type 40) holding the events {@code inner} built (their CRC trailers
   * dropped: MySQL writes the events inside a payload without checksums), zstd-compressed unless
   * {@code compress} is false (compression type 255, none).
   */
  public SyntheticBinlog transactionPayload(SyntheticBinlog inner, boolean compress) {
    byte[] events = inner.innerEvents();
    byte[] payload = compress ? com.github.luben.zstd.Zstd.compress(events) : events;
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    // type | length | value, packed integers (values below 251 take one byte; 0xfe + 8 bytes else)
    writeField(b, 2, compress ? 0 : 255);
    writeField(b, 3, events.length);
    writeField(b, 1, payload.length);
    b.write(0); // end mark
    b.writeBytes(payload);
    return raw(EventTypes.TRANSACTION_PAYLOAD, b.toByteArray());
  }

  private static void writeField(ByteArrayOutputStream b, int type, long value) {
    byte[] v = packed(value);
    b.writeBytes(packed(type));
    b.writeBytes(packed(v.length));
    b.writeBytes(v);
  }

  private static byte[] packed(long value) {
    if (value < 251) {
      return new byte[] {(byte) value};
    }
    ByteBuffer b = ByteBuffer.allocate(9).order(ByteOrder.LITTLE_ENDIAN);
    b.put((byte) 0xfe).putLong(value);
    return b.array();
  }

  /** The events after the FDE, each without its 4-byte trailer. */
  private byte[] innerEvents() {
    byte[] all = out.toByteArray();
    ByteBuffer b = ByteBuffer.wrap(all).order(ByteOrder.LITTLE_ENDIAN);
    ByteArrayOutputStream events = new ByteArrayOutputStream();
    int at = 4 + b.getInt(4 + 9); // past the magic and the FDE
    while (at < all.length) {
      int size = b.getInt(at + 9);
      ByteBuffer e = ByteBuffer.allocate(size - 4).order(ByteOrder.LITTLE_ENDIAN);
      e.put(all, at, size - 4);
      e.putInt(9, size - 4).putInt(13, 0);
      events.writeBytes(e.array());
      at += size;
    }
    return events.toByteArray();
  }

  /** An event of {@code type} with {@code body} as given (header, log_pos and CRC added). */
  public SyntheticBinlog raw(int type, byte[] body) {
    return event(type, body(body.length).put(body));
  }

  public byte[] bytes() {
    return out.toByteArray();
  }

  private SyntheticBinlog event(int type, ByteBuffer body) {
    int size = 19 + body.capacity() + 4;
    ByteBuffer e = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    e.putInt(1_795_993_307)
        .put((byte) type)
        .putInt(SERVER_ID)
        .putInt(size)
        .putInt(out.size() + size)
        .putShort((short) 0);
    e.put(body.array());
    CRC32 crc = new CRC32();
    crc.update(e.array(), 0, size - 4);
    e.putInt((int) crc.getValue());
    out.writeBytes(e.array());
    return this;
  }

  private static ByteBuffer body(int length) {
    return ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
  }

  private static void putU48(ByteBuffer b, long value) {
    b.putInt((int) value).putShort((short) (value >>> 32));
  }

  private static byte[] uuidBytes() {
    String hex = UUID.replace("-", "");
    byte[] bytes = new byte[16];
    for (int i = 0; i < 16; i++) {
      bytes[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
    }
    return bytes;
  }
}
