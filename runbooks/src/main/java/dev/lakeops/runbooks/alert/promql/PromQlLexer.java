package dev.lakeops.runbooks.alert.promql;

import dev.lakeops.runbooks.alert.promql.PromQlToken.Type;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits a PromQL expression into tokens, following the lexical rules of Prometheus' {@code
 * promql/parser/lex.go}: identifiers (metric, label and function names, with {@code :} in
 * recording-rule names), strings in double or single quotes with backslash escapes or in back-ticks
 * raw, numbers (decimal, hex, exponent), durations ({@code 5m}, {@code 1h30m}), brackets, commas,
 * operators, and {@code #} comments. Never throws: what cannot be read is a problem and the lexer
 * goes on after it. Linear in the input; the caller bounds its length.
 */
final class PromQlLexer {

  /** Tokens past this many are not read (an expression of a rule has tens). */
  static final int MAX_TOKENS = 20_000;

  private static final int MAX_PROBLEMS = 5;

  private final String s;
  private final List<PromQlToken> tokens = new ArrayList<>();
  private final List<String> problems = new ArrayList<>();
  private int i;

  private PromQlLexer(String s) {
    this.s = s;
  }

  /** The tokens of {@code expr}, and what could not be read. */
  static Lexed lex(String expr) {
    PromQlLexer lexer = new PromQlLexer(expr);
    lexer.run();
    return new Lexed(List.copyOf(lexer.tokens), List.copyOf(lexer.problems));
  }

  record Lexed(List<PromQlToken> tokens, List<String> problems) {}

  private void run() {
    while (i < s.length()) {
      if (tokens.size() >= MAX_TOKENS) {
        problem(
            "more than " + MAX_TOKENS + " tokens; the rest (from offset " + i + ") was not read");
        return;
      }
      char c = s.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if (c == '#') {
        while (i < s.length() && s.charAt(i) != '\n') {
          i++;
        }
      } else if (isIdentStart(c)) {
        int start = i;
        while (i < s.length() && isIdentPart(s.charAt(i))) {
          i++;
        }
        tokens.add(new PromQlToken(Type.IDENT, s.substring(start, i), start));
      } else if (Character.isDigit(c)
          || (c == '.' && i + 1 < s.length() && Character.isDigit(s.charAt(i + 1)))) {
        number();
      } else if (c == '"' || c == '\'') {
        quoted(c);
      } else if (c == '`') {
        raw();
      } else {
        symbol(c);
      }
    }
  }

  private void number() {
    int start = i;
    if (s.startsWith("0x", i) || s.startsWith("0X", i)) {
      i += 2;
      while (i < s.length() && Character.digit(s.charAt(i), 16) >= 0) {
        i++;
      }
      tokens.add(new PromQlToken(Type.NUMBER, s.substring(start, i), start));
      return;
    }
    while (i < s.length()
        && (Character.isDigit(s.charAt(i)) || s.charAt(i) == '.' || s.charAt(i) == '_')) {
      i++;
    }
    if (i < s.length()
        && (s.charAt(i) == 'e' || s.charAt(i) == 'E')
        && i + 1 < s.length()
        && (Character.isDigit(s.charAt(i + 1))
            || ((s.charAt(i + 1) == '+' || s.charAt(i + 1) == '-')
                && i + 2 < s.length()
                && Character.isDigit(s.charAt(i + 2))))) {
      i += 2;
      while (i < s.length() && Character.isDigit(s.charAt(i))) {
        i++;
      }
      tokens.add(new PromQlToken(Type.NUMBER, s.substring(start, i), start));
      return;
    }
    // A duration is digits and units, repeated: 5m, 1h30m, 250ms.
    boolean duration = false;
    while (i < s.length() && isUnit(s.charAt(i))) {
      duration = true;
      while (i < s.length() && isUnit(s.charAt(i))) {
        i++;
      }
      int digits = i;
      while (i < s.length() && Character.isDigit(s.charAt(i))) {
        i++;
      }
      if (i == digits) {
        break;
      }
    }
    tokens.add(
        new PromQlToken(duration ? Type.DURATION : Type.NUMBER, s.substring(start, i), start));
  }

  private void quoted(char quote) {
    int start = i++;
    StringBuilder value = new StringBuilder();
    while (i < s.length()) {
      char c = s.charAt(i++);
      if (c == quote) {
        tokens.add(new PromQlToken(Type.STRING, value.toString(), start));
        return;
      }
      if (c == '\n') {
        break;
      }
      if (c == '\\' && i < s.length()) {
        value.append(escape());
      } else {
        value.append(c);
      }
    }
    problem("unterminated string starting at offset " + start);
  }

  /**
   * The character of an escape whose backslash was read; unknown escapes stand for the character
   * itself.
   */
  private String escape() {
    char e = s.charAt(i++);
    switch (e) {
      case 'n':
        return "\n";
      case 't':
        return "\t";
      case 'r':
        return "\r";
      case 'a':
        return "\u0007";
      case 'b':
        return "\b";
      case 'f':
        return "\f";
      case 'v':
        return "\u000b";
      case 'x':
        return hex(2);
      case 'u':
        return hex(4);
      case 'U':
        return hex(8);
      default:
        if (e >= '0' && e <= '7') {
          int end = Math.min(s.length(), i + 2);
          int v = e - '0';
          while (i < end && s.charAt(i) >= '0' && s.charAt(i) <= '7') {
            v = v * 8 + (s.charAt(i++) - '0');
          }
          return String.valueOf((char) (v & 0xff));
        }
        return String.valueOf(e);
    }
  }

  private String hex(int digits) {
    int end = i + digits;
    if (end > s.length()) {
      return "";
    }
    try {
      int cp = Integer.parseInt(s.substring(i, end), 16);
      i = end;
      return Character.isValidCodePoint(cp) ? new String(Character.toChars(cp)) : "";
    } catch (NumberFormatException e) {
      return "";
    }
  }

  private void raw() {
    int start = i++;
    int end = s.indexOf('`', i);
    if (end < 0) {
      problem("unterminated raw string starting at offset " + start);
      i = s.length();
      return;
    }
    tokens.add(new PromQlToken(Type.STRING, s.substring(i, end), start));
    i = end + 1;
  }

  private void symbol(char c) {
    int start = i;
    Type type =
        switch (c) {
          case '{' -> Type.LBRACE;
          case '}' -> Type.RBRACE;
          case '(' -> Type.LPAREN;
          case ')' -> Type.RPAREN;
          case '[' -> Type.LBRACKET;
          case ']' -> Type.RBRACKET;
          case ',' -> Type.COMMA;
          default -> null;
        };
    if (type != null) {
      i++;
      tokens.add(new PromQlToken(type, String.valueOf(c), start));
      return;
    }
    for (String op :
        new String[] {
          "=~", "!~", "!=", "==", ">=", "<=", "=", ">", "<", "+", "-", "*", "/", "%", "^", "@", ":"
        }) {
      if (s.startsWith(op, i)) {
        i += op.length();
        tokens.add(new PromQlToken(Type.OP, op, start));
        return;
      }
    }
    problem("unexpected character '" + printable(c) + "' at offset " + start);
    i++;
  }

  /** Records a problem; past a few the input is noise and more would say nothing new. */
  private void problem(String message) {
    if (problems.size() < MAX_PROBLEMS) {
      problems.add(message);
    } else if (problems.size() == MAX_PROBLEMS) {
      problems.add("more problems not listed");
    }
  }

  private static String printable(char c) {
    return c < 0x20 || c == 0x7f || Character.isSurrogate(c)
        ? String.format("\\u%04x", (int) c)
        : String.valueOf(c);
  }

  private static boolean isUnit(char c) {
    return c == 's' || c == 'm' || c == 'h' || c == 'd' || c == 'w' || c == 'y';
  }

  private static boolean isIdentStart(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  }

  private static boolean isIdentPart(char c) {
    return isIdentStart(c) || (c >= '0' && c <= '9') || c == ':';
  }
}
