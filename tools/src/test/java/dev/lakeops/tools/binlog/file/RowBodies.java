package dev.lakeops.tools.binlog.file;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;

/**
 * TABLE_MAP and rows event bodies built byte by byte from the documented layout (binlog.md §5.3,
 * §5.4).
 */
final class RowBodies {

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();

  static RowBodies create() {
    return new RowBodies();
  }

  /**
   * TABLE_MAP body for {@code shop.<table>}; {@code optional} is the optional-metadata block as is.
   */
  static byte[] tableMap(
      long tableId, String table, int[] types, byte[] metadata, byte[] nullable, byte[] optional) {
    RowBodies b = create().u48(tableId).u16(1).name("shop").name(table).packed(types.length);
    for (int t : types) {
      b.u8(t);
    }
    return b.packed(metadata.length).raw(metadata).raw(nullable).raw(optional).bytes();
  }

  /** A v1 rows body (MariaDB): post-header, width, present bitmap(s), then {@code rows} as is. */
  static byte[] rowsV1(
      long tableId, int width, int present, @Nullable Integer presentAfter, byte[] rows) {
    RowBodies b = create().u48(tableId).u16(1).packed(width).u8(present);
    if (presentAfter != null) {
      b.u8(presentAfter);
    }
    return b.raw(rows).bytes();
  }

  /** A v2 rows body (MySQL 8) with {@code extra} as its extra data. */
  static byte[] rowsV2(
      long tableId,
      int width,
      int present,
      @Nullable Integer presentAfter,
      byte[] extra,
      byte[] rows) {
    RowBodies b =
        create().u48(tableId).u16(1).u16(2 + extra.length).raw(extra).packed(width).u8(present);
    if (presentAfter != null) {
      b.u8(presentAfter);
    }
    return b.raw(rows).bytes();
  }

  RowBodies u8(int v) {
    out.write(v);
    return this;
  }

  RowBodies u16(int v) {
    return u8(v).u8(v >>> 8);
  }

  RowBodies u48(long v) {
    for (int i = 0; i < 6; i++) {
      u8((int) (v >>> (8 * i)));
    }
    return this;
  }

  RowBodies le(long v, int n) {
    for (int i = 0; i < n; i++) {
      u8((int) (v >>> (8 * i)));
    }
    return this;
  }

  RowBodies be(long v, int n) {
    for (int i = n - 1; i >= 0; i--) {
      u8((int) (v >>> (8 * i)));
    }
    return this;
  }

  RowBodies packed(long v) {
    if (v < 251) {
      return u8((int) v);
    }
    if (v < 65536) {
      return u8(0xfc).le(v, 2);
    }
    return u8(0xfd).le(v, 3);
  }

  RowBodies text(String s) {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    return packed(b.length).raw(b);
  }

  RowBodies name(String s) {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    return u8(b.length).raw(b).u8(0);
  }

  RowBodies raw(byte[] b) {
    out.writeBytes(b);
    return this;
  }

  RowBodies raw(int... bytes) {
    for (int v : bytes) {
      u8(v);
    }
    return this;
  }

  byte[] bytes() {
    return out.toByteArray();
  }
}
