package dev.lakeops.runbooks.alert.promql;

/**
 * One token of a PromQL expression.
 *
 * @param type what it is
 * @param text an identifier, number or operator as written; a string's value with its escapes
 *     decoded
 * @param at where it starts, 0-based character offset
 */
record PromQlToken(Type type, String text, int at) {

  enum Type {
    IDENT,
    STRING,
    NUMBER,
    DURATION,
    LBRACE,
    RBRACE,
    LPAREN,
    RPAREN,
    LBRACKET,
    RBRACKET,
    COMMA,
    OP
  }

  boolean is(Type t) {
    return type == t;
  }
}
