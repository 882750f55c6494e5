package dev.lakeops.tools.binlog.file;

import static dev.lakeops.tools.binlog.file.BinlogBytes.bigEndian;
import static dev.lakeops.tools.binlog.file.BinlogBytes.bytes;
import static dev.lakeops.tools.binlog.file.BinlogBytes.littleEndian;
import static dev.lakeops.tools.binlog.file.BinlogBytes.need;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;

/**
 * Decodes one column value of a row image (MySQL {@code Field::unpack} formats; MariaDB protocol
 * documentation, ROWS_EVENT column data formats). Java types are listed on {@link RowsEvent}.
 */
final class ColumnValueDecoder {

  /** Bytes per group of 9 decimal digits and for 0..8 leftover digits (MySQL {@code dig2bytes}). */
  private static final int[] DIG2BYTES = {0, 1, 1, 2, 2, 3, 3, 4, 4, 4};

  private static final long TIMEF_OFS = 0x800000000000L;
  private static final long TIMEF_INT_OFS = 0x800000L;
  private static final long DATETIMEF_INT_OFS = 0x8000000000L;

  private ColumnValueDecoder() {}

  /**
   * Reads the value of a column of binlog type {@code type} with TABLE_MAP metadata {@code meta}.
   *
   * @throws DecodeException the value runs past the body or the type is not decodable
   */
  static Object decode(ByteBuffer b, int type, int meta, boolean unsigned) {
    return switch (type) {
      case ColumnTypes.TINY ->
          unsigned ? (Object) (int) littleEndian(b, 1) : (Object) (int) (byte) littleEndian(b, 1);
      case ColumnTypes.SHORT ->
          unsigned ? (Object) (int) littleEndian(b, 2) : (Object) (int) (short) littleEndian(b, 2);
      case ColumnTypes.INT24 ->
          unsigned ? (int) littleEndian(b, 3) : ((int) littleEndian(b, 3) << 8) >> 8;
      case ColumnTypes.LONG ->
          unsigned ? (Object) littleEndian(b, 4) : (Object) (int) littleEndian(b, 4);
      case ColumnTypes.LONGLONG -> longlong(b, unsigned);
      case ColumnTypes.FLOAT -> Float.intBitsToFloat((int) littleEndian(b, 4));
      case ColumnTypes.DOUBLE -> Double.longBitsToDouble(littleEndian(b, 8));
      case ColumnTypes.NEWDECIMAL -> decimal(b, meta >>> 8, meta & 0xff);
      case ColumnTypes.YEAR -> year(b);
      case ColumnTypes.DATE -> date(b);
      case ColumnTypes.TIME -> time(b);
      case ColumnTypes.TIME2 -> time2(b, meta);
      case ColumnTypes.DATETIME -> datetime(b);
      case ColumnTypes.DATETIME2 -> datetime2(b, meta);
      case ColumnTypes.TIMESTAMP -> Instant.ofEpochSecond(littleEndian(b, 4));
      case ColumnTypes.TIMESTAMP2 -> timestamp2(b, meta);
      case ColumnTypes.VARCHAR, ColumnTypes.VAR_STRING ->
          bytes(b, littleEndian(b, meta > 255 ? 2 : 1));
      case ColumnTypes.STRING -> string(b, meta);
      case ColumnTypes.ENUM -> (int) littleEndian(b, meta & 0xff);
      case ColumnTypes.SET -> littleEndian(b, meta & 0xff);
      case ColumnTypes.BIT -> bit(b, meta);
      case ColumnTypes.BLOB,
          ColumnTypes.TINY_BLOB,
          ColumnTypes.MEDIUM_BLOB,
          ColumnTypes.LONG_BLOB,
          ColumnTypes.JSON,
          ColumnTypes.GEOMETRY ->
          blob(b, meta);
      default ->
          throw new DecodeException("column type " + ColumnTypes.name(type) + " is not decodable");
    };
  }

  private static Object longlong(ByteBuffer b, boolean unsigned) {
    long v = littleEndian(b, 8);
    if (unsigned && v < 0) {
      return new BigInteger(Long.toUnsignedString(v));
    }
    return unsigned ? BigInteger.valueOf(v) : v;
  }

  /** CHAR/BINARY, or ENUM/SET when the real type in the metadata says so. */
  private static Object string(ByteBuffer b, int meta) {
    int realType = TableDefinition.realType(ColumnTypes.STRING, meta);
    if (realType == ColumnTypes.ENUM || realType == ColumnTypes.SET) {
      return decode(b, realType, meta, false);
    }
    int first = meta >>> 8;
    int maxLength = (meta & 0xff) | (((first & 0x30) ^ 0x30) << 4);
    return bytes(b, littleEndian(b, maxLength > 255 ? 2 : 1));
  }

  private static Object blob(ByteBuffer b, int meta) {
    DecodeException.check(meta >= 1 && meta <= 4, "blob length size " + meta + " is not 1..4");
    return bytes(b, littleEndian(b, meta));
  }

  /** BIT(n): {@code (n + 7) / 8} bytes, big-endian; metadata is bits-in-last-byte, whole bytes. */
  private static Object bit(ByteBuffer b, int meta) {
    int bits = meta >>> 8;
    int wholeBytes = meta & 0xff;
    int length = wholeBytes + (bits > 0 ? 1 : 0);
    DecodeException.check(length <= 8, "BIT of " + length + " bytes exceeds 64 bits");
    return bigEndian(b, length);
  }

  private static Object year(ByteBuffer b) {
    int v = (int) littleEndian(b, 1);
    return v == 0 ? 0 : 1900 + v;
  }

  /** DATE: 3 bytes, {@code day | month << 5 | year << 9}. */
  private static Object date(ByteBuffer b) {
    int v = (int) littleEndian(b, 3);
    return new TemporalValue.Date(v >>> 9, (v >>> 5) & 0x0f, v & 0x1f);
  }

  /** Old TIME: 3 bytes signed, {@code ±HHMMSS} in decimal. */
  private static Object time(ByteBuffer b) {
    int v = ((int) littleEndian(b, 3) << 8) >> 8;
    int a = Math.abs(v);
    return new TemporalValue.Time(v < 0, a / 10000, a / 100 % 100, a % 100, 0);
  }

  /** Old DATETIME: 8 bytes, {@code YYYYMMDDhhmmss} in decimal. */
  private static Object datetime(ByteBuffer b) {
    long v = littleEndian(b, 8);
    long date = v / 1_000_000L;
    long time = v % 1_000_000L;
    return new TemporalValue.DateTime(
        (int) (date / 10000),
        (int) (date / 100 % 100),
        (int) (date % 100),
        (int) (time / 10000),
        (int) (time / 100 % 100),
        (int) (time % 100),
        0);
  }

  /**
   * TIME2 (MySQL {@code my_time_packed_from_binary}): 3 bytes big-endian offset by 0x800000, then
   * fsp bytes.
   */
  private static Object time2(ByteBuffer b, int fsp) {
    checkFsp(fsp);
    long packed;
    switch (fsp) {
      case 1, 2 -> {
        long intPart = bigEndian(b, 3) - TIMEF_INT_OFS;
        long frac = bigEndian(b, 1);
        if (intPart < 0 && frac != 0) {
          intPart++;
          frac -= 0x100;
        }
        packed = (intPart << 24) + frac * 10000;
      }
      case 3, 4 -> {
        long intPart = bigEndian(b, 3) - TIMEF_INT_OFS;
        long frac = bigEndian(b, 2);
        if (intPart < 0 && frac != 0) {
          intPart++;
          frac -= 0x10000;
        }
        packed = (intPart << 24) + frac * 100;
      }
      case 5, 6 -> packed = bigEndian(b, 6) - TIMEF_OFS;
      default -> packed = (bigEndian(b, 3) - TIMEF_INT_OFS) << 24;
    }
    boolean negative = packed < 0;
    long v = Math.abs(packed);
    long hms = v >> 24;
    return new TemporalValue.Time(
        negative,
        (int) ((hms >> 12) % (1 << 10)),
        (int) ((hms >> 6) % (1 << 6)),
        (int) (hms % (1 << 6)),
        (int) (v % (1 << 24)));
  }

  /**
   * DATETIME2 (MySQL {@code my_datetime_packed_from_binary}): 5 bytes big-endian, then fsp bytes.
   */
  private static Object datetime2(ByteBuffer b, int fsp) {
    checkFsp(fsp);
    long intPart = bigEndian(b, 5) - DATETIMEF_INT_OFS;
    long frac = fraction(b, fsp);
    long ymdhms = Math.abs(intPart);
    long ymd = ymdhms >> 17;
    long ym = ymd >> 5;
    long hms = ymdhms % (1 << 17);
    return new TemporalValue.DateTime(
        (int) (ym / 13),
        (int) (ym % 13),
        (int) (ymd % (1 << 5)),
        (int) (hms >> 12),
        (int) ((hms >> 6) % (1 << 6)),
        (int) (hms % (1 << 6)),
        (int) frac);
  }

  /** TIMESTAMP2: 4 bytes big-endian seconds since the epoch, then fsp bytes. */
  private static Object timestamp2(ByteBuffer b, int fsp) {
    checkFsp(fsp);
    long seconds = bigEndian(b, 4);
    return Instant.ofEpochSecond(seconds, fraction(b, fsp) * 1000);
  }

  /** Microseconds from the {@code (fsp + 1) / 2} fraction bytes of DATETIME2 and TIMESTAMP2. */
  private static long fraction(ByteBuffer b, int fsp) {
    return switch (fsp) {
      case 1, 2 -> bigEndian(b, 1) * 10000;
      case 3, 4 -> bigEndian(b, 2) * 100;
      case 5, 6 -> bigEndian(b, 3);
      default -> 0;
    };
  }

  private static void checkFsp(int fsp) {
    DecodeException.check(
        fsp >= 0 && fsp <= 6, "fractional-second precision " + fsp + " is not 0..6");
  }

  /**
   * NEWDECIMAL (MySQL {@code decimal2bin}): groups of 9 digits in 4 bytes big-endian, the leftover
   * digits in fewer bytes; the first bit is the sign (set = positive) and a negative value has
   * every byte inverted.
   */
  static BigDecimal decimal(ByteBuffer b, int precision, int scale) {
    DecodeException.check(
        precision >= 1 && precision <= 65 && scale >= 0 && scale <= 30 && scale <= precision,
        "NEWDECIMAL(" + precision + "," + scale + ") is out of range");
    int intg = precision - scale;
    int intg0 = intg / 9;
    int intg0x = intg % 9;
    int frac0 = scale / 9;
    int frac0x = scale % 9;
    int size = intg0 * 4 + DIG2BYTES[intg0x] + frac0 * 4 + DIG2BYTES[frac0x];
    need(b, size, "NEWDECIMAL(" + precision + "," + scale + ")");
    byte[] d = new byte[size];
    b.get(d);
    boolean positive = (d[0] & 0x80) != 0;
    d[0] ^= (byte) 0x80;
    if (!positive) {
      for (int i = 0; i < size; i++) {
        d[i] = (byte) ~d[i];
      }
    }
    StringBuilder s = new StringBuilder(precision + 2);
    if (!positive) {
      s.append('-');
    }
    int at = 0;
    if (intg0x > 0) {
      long leading = group(d, at, DIG2BYTES[intg0x]);
      DecodeException.check(
          Long.toString(leading).length() <= intg0x,
          "NEWDECIMAL digit group " + leading + " has more than " + intg0x + " digits");
      s.append(leading);
      at += DIG2BYTES[intg0x];
    }
    for (int i = 0; i < intg0; i++, at += 4) {
      appendPadded(s, group(d, at, 4), 9);
    }
    if (intg == 0) {
      s.append('0');
    }
    if (scale > 0) {
      s.append('.');
      for (int i = 0; i < frac0; i++, at += 4) {
        appendPadded(s, group(d, at, 4), 9);
      }
      if (frac0x > 0) {
        appendPadded(s, group(d, at, DIG2BYTES[frac0x]), frac0x);
      }
    }
    return new BigDecimal(s.toString());
  }

  private static long group(byte[] d, int from, int n) {
    long v = 0;
    for (int i = 0; i < n; i++) {
      v = (v << 8) | (d[from + i] & 0xff);
    }
    return v;
  }

  private static void appendPadded(StringBuilder s, long value, int width) {
    String digits = Long.toString(value);
    DecodeException.check(
        digits.length() <= width,
        "NEWDECIMAL digit group " + value + " has more than " + width + " digits");
    s.append("0".repeat(width - digits.length())).append(digits);
  }
}
