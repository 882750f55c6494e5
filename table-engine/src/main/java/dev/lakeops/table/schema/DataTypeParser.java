package dev.lakeops.table.schema;

import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Parses the SQL strings of atomic types as they appear in schema JSON ({@code "INT NOT NULL"},
 * {@code "DECIMAL(10, 2)"}, {@code "TIMESTAMP(6) WITH LOCAL TIME ZONE"}); {@link
 * AtomicType#asSql()} prints them. Accepts the aliases and defaults of Paimon's {@code
 * DataTypeJsonParser}: keywords in any case, {@code INTEGER}, {@code NUMERIC}/{@code DEC}, {@code
 * DOUBLE PRECISION}, {@code STRING}, {@code BYTES}, {@code TIMESTAMP_LTZ(p)}, {@code ... WITHOUT
 * TIME ZONE}, an explicit {@code NULL}; omitted lengths default to 1, DECIMAL to (10, 0), TIME to
 * 0, TIMESTAMP to 6.
 *
 * <p>Nested types are JSON objects in schema files and are parsed by {@link SchemaJson}. VARIANT,
 * MULTISET, INTERVAL and RAW are not supported by this engine's type system.
 */
public final class DataTypeParser {

  private final String input;
  private final List<String> tokens;
  private int next;

  private DataTypeParser(String input) {
    this.input = input;
    this.tokens = tokenize(input);
  }

  /**
   * Parses one atomic type string.
   *
   * @throws IllegalArgumentException the string is not a supported atomic type; the message quotes
   *     the input and names the problem
   */
  public static AtomicType parse(String sql) {
    DataTypeParser parser = new DataTypeParser(sql);
    AtomicType type = parser.parseType();
    if (parser.next < parser.tokens.size()) {
      throw parser.error("unexpected '" + parser.tokens.get(parser.next) + "'");
    }
    return type;
  }

  private AtomicType parseType() {
    String keyword = nextKeyword();
    AtomicType type =
        switch (keyword) {
          case "BOOLEAN" -> AtomicType.of(TypeRoot.BOOLEAN);
          case "TINYINT" -> AtomicType.of(TypeRoot.TINYINT);
          case "SMALLINT" -> AtomicType.of(TypeRoot.SMALLINT);
          case "INT", "INTEGER" -> AtomicType.of(TypeRoot.INT);
          case "BIGINT" -> AtomicType.of(TypeRoot.BIGINT);
          case "FLOAT" -> AtomicType.of(TypeRoot.FLOAT);
          case "DOUBLE" -> {
            acceptKeyword("PRECISION");
            yield AtomicType.of(TypeRoot.DOUBLE);
          }
          case "DATE" -> AtomicType.of(TypeRoot.DATE);
          case "STRING" -> AtomicType.string();
          case "BYTES" -> AtomicType.bytes();
          case "CHAR", "VARCHAR", "BINARY", "VARBINARY" ->
              sized(TypeRoot.valueOf(keyword), optionalParameter(1));
          case "DECIMAL", "NUMERIC", "DEC" -> decimal();
          case "TIME" -> {
            int precision = optionalParameter(0);
            acceptWithoutTimeZone();
            yield sized(TypeRoot.TIME, precision);
          }
          case "TIMESTAMP" -> timestamp();
          case "TIMESTAMP_LTZ" -> sized(TypeRoot.TIMESTAMP_LTZ, optionalParameter(6));
          default -> throw error("unsupported type " + keyword);
        };
    return type.withNullable(parseNullability());
  }

  private AtomicType decimal() {
    int precision = 10;
    int scale = 0;
    if (accept("(")) {
      precision = nextInt();
      if (accept(",")) {
        scale = nextInt();
      }
      expect(")");
    }
    int p = precision;
    int s = scale;
    return checked(() -> AtomicType.decimal(p, s));
  }

  private AtomicType timestamp() {
    int precision = optionalParameter(6);
    if (acceptKeyword("WITH")) {
      expectKeyword("LOCAL");
      expectKeyword("TIME");
      expectKeyword("ZONE");
      return sized(TypeRoot.TIMESTAMP_LTZ, precision);
    }
    acceptWithoutTimeZone();
    return sized(TypeRoot.TIMESTAMP, precision);
  }

  private void acceptWithoutTimeZone() {
    if (acceptKeyword("WITHOUT")) {
      expectKeyword("TIME");
      expectKeyword("ZONE");
    }
  }

  private boolean parseNullability() {
    if (acceptKeyword("NOT")) {
      expectKeyword("NULL");
      return false;
    }
    acceptKeyword("NULL");
    return true;
  }

  private AtomicType sized(TypeRoot root, int precision) {
    return checked(() -> new AtomicType(root, true, precision, 0));
  }

  private AtomicType checked(java.util.function.Supplier<AtomicType> make) {
    try {
      return make.get();
    } catch (IllegalArgumentException e) {
      throw error(e.getMessage());
    }
  }

  private int optionalParameter(int defaultValue) {
    if (!accept("(")) {
      return defaultValue;
    }
    int value = nextInt();
    expect(")");
    return value;
  }

  private int nextInt() {
    String token = nextToken("a number");
    try {
      return Integer.parseInt(token);
    } catch (NumberFormatException e) {
      throw error("expected a number, was '" + token + "'");
    }
  }

  private String nextKeyword() {
    return nextToken("a type").toUpperCase(Locale.ROOT);
  }

  private String nextToken(String expected) {
    if (next >= tokens.size()) {
      throw error("expected " + expected + " but the input ended");
    }
    return tokens.get(next++);
  }

  private boolean accept(String symbol) {
    if (next < tokens.size() && tokens.get(next).equals(symbol)) {
      next++;
      return true;
    }
    return false;
  }

  private boolean acceptKeyword(String keyword) {
    if (next < tokens.size() && tokens.get(next).equalsIgnoreCase(keyword)) {
      next++;
      return true;
    }
    return false;
  }

  private void expect(String symbol) {
    String token = nextToken("'" + symbol + "'");
    if (!token.equals(symbol)) {
      throw error("expected '" + symbol + "', was '" + token + "'");
    }
  }

  private void expectKeyword(String keyword) {
    String token = nextToken(keyword);
    if (!token.equalsIgnoreCase(keyword)) {
      throw error("expected " + keyword + ", was '" + token + "'");
    }
  }

  private IllegalArgumentException error(String problem) {
    return new IllegalArgumentException("Invalid type '" + input + "': " + problem);
  }

  private static List<String> tokenize(String input) {
    List<String> tokens = new ArrayList<>();
    int i = 0;
    while (i < input.length()) {
      char c = input.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if (c == '(' || c == ')' || c == ',' || c == '<' || c == '>') {
        tokens.add(String.valueOf(c));
        i++;
      } else {
        int start = i;
        while (i < input.length()
            && !Character.isWhitespace(input.charAt(i))
            && "(),<>".indexOf(input.charAt(i)) < 0) {
          i++;
        }
        tokens.add(input.substring(start, i));
      }
    }
    return tokens;
  }
}
