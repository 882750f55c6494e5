package dev.lakeops.tools.binlog.file;

/**
 * MySQL column type codes as a TABLE_MAP event lists them ({@code enum_field_types}); ENUM and SET
 * appear as {@link #STRING} with the real type in the column's metadata.
 */
public final class ColumnTypes {

  public static final int DECIMAL = 0;
  public static final int TINY = 1;
  public static final int SHORT = 2;
  public static final int LONG = 3;
  public static final int FLOAT = 4;
  public static final int DOUBLE = 5;
  public static final int NULL = 6;
  public static final int TIMESTAMP = 7;
  public static final int LONGLONG = 8;
  public static final int INT24 = 9;
  public static final int DATE = 10;
  public static final int TIME = 11;
  public static final int DATETIME = 12;
  public static final int YEAR = 13;
  public static final int NEWDATE = 14;
  public static final int VARCHAR = 15;
  public static final int BIT = 16;
  public static final int TIMESTAMP2 = 17;
  public static final int DATETIME2 = 18;
  public static final int TIME2 = 19;
  public static final int JSON = 245;
  public static final int NEWDECIMAL = 246;
  public static final int ENUM = 247;
  public static final int SET = 248;
  public static final int TINY_BLOB = 249;
  public static final int MEDIUM_BLOB = 250;
  public static final int LONG_BLOB = 251;
  public static final int BLOB = 252;
  public static final int VAR_STRING = 253;
  public static final int STRING = 254;
  public static final int GEOMETRY = 255;

  private ColumnTypes() {}

  /** The type's name without the {@code MYSQL_TYPE_} prefix, or {@code UNKNOWN(n)}. */
  public static String name(int type) {
    return switch (type) {
      case DECIMAL -> "DECIMAL";
      case TINY -> "TINY";
      case SHORT -> "SHORT";
      case LONG -> "LONG";
      case FLOAT -> "FLOAT";
      case DOUBLE -> "DOUBLE";
      case NULL -> "NULL";
      case TIMESTAMP -> "TIMESTAMP";
      case LONGLONG -> "LONGLONG";
      case INT24 -> "INT24";
      case DATE -> "DATE";
      case TIME -> "TIME";
      case DATETIME -> "DATETIME";
      case YEAR -> "YEAR";
      case NEWDATE -> "NEWDATE";
      case VARCHAR -> "VARCHAR";
      case BIT -> "BIT";
      case TIMESTAMP2 -> "TIMESTAMP2";
      case DATETIME2 -> "DATETIME2";
      case TIME2 -> "TIME2";
      case JSON -> "JSON";
      case NEWDECIMAL -> "NEWDECIMAL";
      case ENUM -> "ENUM";
      case SET -> "SET";
      case TINY_BLOB -> "TINY_BLOB";
      case MEDIUM_BLOB -> "MEDIUM_BLOB";
      case LONG_BLOB -> "LONG_BLOB";
      case BLOB -> "BLOB";
      case VAR_STRING -> "VAR_STRING";
      case STRING -> "STRING";
      case GEOMETRY -> "GEOMETRY";
      default -> "UNKNOWN(" + type + ")";
    };
  }

  /**
   * Bytes the column takes in the TABLE_MAP metadata block (MySQL {@code save_field_metadata};
   * MariaDB protocol documentation, TABLE_MAP_EVENT).
   */
  static int metadataLength(int type) {
    return switch (type) {
      case FLOAT,
          DOUBLE,
          BLOB,
          TINY_BLOB,
          MEDIUM_BLOB,
          LONG_BLOB,
          JSON,
          GEOMETRY,
          TIME2,
          DATETIME2,
          TIMESTAMP2 ->
          1;
      case VARCHAR, VAR_STRING, STRING, ENUM, SET, BIT, NEWDECIMAL, DECIMAL -> 2;
      default -> 0;
    };
  }

  /** Columns the SIGNEDNESS optional metadata has a bit for (MySQL {@code is_numeric_type}). */
  static boolean isNumeric(int type) {
    return switch (type) {
      case TINY, SHORT, INT24, LONG, LONGLONG, NEWDECIMAL, FLOAT, DOUBLE -> true;
      default -> false;
    };
  }

  /**
   * Columns the charset optional metadata lists, by real type (MySQL {@code is_character_type}).
   */
  static boolean isCharacter(int realType) {
    return switch (realType) {
      case STRING, VAR_STRING, VARCHAR, BLOB, TINY_BLOB, MEDIUM_BLOB, LONG_BLOB -> true;
      default -> false;
    };
  }
}
