package dev.lakeops.tools.binlog.file;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes MySQL 8's TRANSACTION_PAYLOAD (type 40, {@code binlog_transaction_compression=ON}): the
 * events of one whole transaction, compressed. Layout (MySQL {@code
 * binary_log::Transaction_payload_event}):
 *
 * <pre>
 * header fields: type (packed) | length (packed) | value (packed), until type 0 (end mark)
 *   1 = compressed payload size, 2 = compression (0 zstd, 255 none), 3 = uncompressed size
 * payload: the transaction's events (19-byte header, body, no checksum trailer), compressed
 * </pre>
 */
final class TransactionPayloadDecoder {

  static final int ZSTD = 0;
  static final int NONE = 255;

  /** Largest uncompressed transaction whose events are decoded. */
  static final int MAX_UNCOMPRESSED = 64 * 1024 * 1024;

  /** Most inner events listed from one payload; the rest are only walked. */
  static final int MAX_EVENTS = 100_000;

  private TransactionPayloadDecoder() {}

  /**
   * Decodes the whole body {@code body} (trailer excluded) of the payload event {@code header}.
   *
   * @throws BinlogFormatException a header field, the compressed stream or an inner event is
   *     invalid; the message names the file, the offset and what is wrong
   */
  static EventBody.TransactionPayload decode(String file, EventHeader header, ByteBuffer body) {
    ByteBuffer b = body.slice().order(ByteOrder.LITTLE_ENDIAN);
    long size = -1;
    long uncompressed = -1;
    int compression = ZSTD;
    try {
      while (true) {
        long type = BinlogBytes.packed(b);
        if (type == 0) {
          break;
        }
        long length = BinlogBytes.packed(b);
        int valueStart = b.position();
        check(file, header, length <= b.remaining(), "header field " + type + " runs past body");
        switch ((int) type) {
          case 1 -> size = BinlogBytes.packed(b);
          case 2 -> compression = (int) BinlogBytes.packed(b);
          case 3 -> uncompressed = BinlogBytes.packed(b);
          default -> {} // a field of a later release: skipped by its length
        }
        b.position(valueStart + (int) length);
      }
    } catch (DecodeException | BufferUnderflowException | IllegalArgumentException e) {
      throw new BinlogFormatException(
          file, header.offset(), "TRANSACTION_PAYLOAD header fields: " + e.getMessage());
    }
    if (size < 0) {
      size = b.remaining();
    }
    check(
        file,
        header,
        size == b.remaining(),
        "payload size " + size + " != " + b.remaining() + " bytes after the header fields");
    check(
        file,
        header,
        compression == ZSTD || compression == NONE,
        "unknown compression type " + compression);
    if (uncompressed < 0) {
      uncompressed = size;
    }
    check(
        file,
        header,
        uncompressed <= MAX_UNCOMPRESSED,
        "uncompressed size " + uncompressed + " exceeds the " + MAX_UNCOMPRESSED + "-byte limit");
    byte[] compressed = new byte[b.remaining()];
    b.get(compressed);
    byte[] events;
    if (compression == NONE) {
      events = compressed;
    } else {
      events = new byte[(int) uncompressed];
      long n;
      try {
        n = Zstd.decompressByteArray(events, 0, events.length, compressed, 0, compressed.length);
      } catch (ZstdException e) {
        throw new BinlogFormatException(
            file,
            header.offset(),
            "TRANSACTION_PAYLOAD: zstd stream is invalid: " + e.getMessage());
      }
      check(file, header, !Zstd.isError(n), "zstd stream is invalid: " + Zstd.getErrorName(n));
      check(
          file,
          header,
          n == uncompressed,
          "zstd stream holds " + n + " bytes, header says " + uncompressed);
    }
    return new EventBody.TransactionPayload(
        compression, size, uncompressed, inner(file, header, events));
  }

  /** The events inside, decoded as the reader decodes top-level ones (no checksum). */
  private static List<EventBody> inner(String file, EventHeader outer, byte[] events) {
    ByteBuffer all = ByteBuffer.wrap(events).order(ByteOrder.LITTLE_ENDIAN);
    List<EventBody> bodies = new ArrayList<>();
    int at = 0;
    while (at < events.length) {
      check(
          file,
          outer,
          events.length - at >= EventHeader.LENGTH,
          "inner event at payload offset " + at + ": " + (events.length - at) + " bytes left");
      long size = Integer.toUnsignedLong(all.getInt(at + 9));
      int type = all.get(at + 4) & 0xff;
      check(
          file,
          outer,
          size >= EventHeader.LENGTH && size <= events.length - at,
          "inner event at payload offset " + at + ": event_size " + size + " out of bounds");
      if (bodies.size() < MAX_EVENTS) {
        // Inner events have no place of their own in the file: they stand at the payload's.
        EventHeader h =
            new EventHeader(
                outer.offset(),
                Integer.toUnsignedLong(all.getInt(at)),
                type,
                Integer.toUnsignedLong(all.getInt(at + 5)),
                outer.size(),
                outer.logPos(),
                all.getShort(at + 17) & 0xffff);
        int bodyLength = (int) Math.min(size - EventHeader.LENGTH, BinlogReader.DECODE_LIMIT);
        ByteBuffer body = all.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        body.position(at + EventHeader.LENGTH).limit(at + EventHeader.LENGTH + bodyLength);
        try {
          bodies.add(EventDecoder.decode(file, h, body, BinlogReader.CHECKSUM_NONE, false));
        } catch (BinlogFormatException e) {
          throw new BinlogFormatException(
              file,
              outer.offset(),
              "TRANSACTION_PAYLOAD inner event at payload offset " + at + ": " + e.getMessage());
        }
      }
      at += (int) size;
    }
    return bodies;
  }

  private static void check(String file, EventHeader header, boolean condition, String message) {
    if (!condition) {
      throw new BinlogFormatException(file, header.offset(), "TRANSACTION_PAYLOAD: " + message);
    }
  }
}
