package dev.lakeops.runbooks.alert.promql;

import dev.lakeops.runbooks.alert.promql.PromQlToken.Type;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Reads which metrics and label matchers a PromQL expression uses, from its tokens: an identifier
 * followed by {@code (} is a function or aggregation; the parenthesised list after {@code by},
 * {@code without}, {@code on}, {@code ignoring}, {@code group_left} and {@code group_right} holds
 * label names; keywords ({@code and}, {@code offset}, {@code bool} ...) are skipped; brackets
 * ({@code [5m]}, {@code [1h:5m]}) hold durations; any other identifier is a metric name, and the
 * {@code {...}} after it (or on its own) holds label matchers. One pass over the tokens with no
 * recursion, so nesting depth costs nothing; never throws.
 */
public final class PromQl {

  /**
   * Expressions longer than this are not read (a rule's expression is a few hundred characters).
   */
  public static final int MAX_CHARS = 64 * 1024;

  private static final Set<String> GROUPING =
      Set.of("by", "without", "on", "ignoring", "group_left", "group_right");
  private static final Set<String> KEYWORDS =
      Set.of(
          "and",
          "or",
          "unless",
          "bool",
          "offset",
          "inf",
          "nan",
          "atan2",
          "group_left",
          "group_right",
          "start",
          "end",
          "smoothed",
          "anchored");

  private PromQl() {}

  /**
   * What {@code expr} selects; an expression too long or unreadable in part says so in {@code
   * problems}.
   */
  public static PromQlExpression read(String expr) {
    if (expr == null || expr.isBlank()) {
      return PromQlExpression.EMPTY;
    }
    if (expr.length() > MAX_CHARS) {
      return new PromQlExpression(
          List.of(),
          List.of(),
          List.of(),
          List.of(
              "expression of "
                  + expr.length()
                  + " characters is longer than "
                  + MAX_CHARS
                  + "; not read"));
    }
    PromQlLexer.Lexed lexed = PromQlLexer.lex(expr);
    List<PromQlToken> t = lexed.tokens();
    Set<String> metrics = new LinkedHashSet<>();
    Set<String> functions = new LinkedHashSet<>();
    List<LabelMatcher> matchers = new ArrayList<>();
    List<String> problems = new ArrayList<>(lexed.problems());
    int i = 0;
    while (i < t.size()) {
      PromQlToken tok = t.get(i);
      if (tok.is(Type.IDENT)) {
        String lower = tok.text().toLowerCase(Locale.ROOT);
        boolean call = i + 1 < t.size() && t.get(i + 1).is(Type.LPAREN);
        // An aggregation may put its grouping first: sum by (x) (expr).
        boolean aggregation =
            i + 2 < t.size()
                && t.get(i + 1).is(Type.IDENT)
                && Set.of("by", "without").contains(t.get(i + 1).text().toLowerCase(Locale.ROOT))
                && t.get(i + 2).is(Type.LPAREN);
        if (GROUPING.contains(lower) && call) {
          i = skipPast(t, i + 2, Type.RPAREN);
          continue;
        }
        if (KEYWORDS.contains(lower) && !(call && (lower.equals("start") || lower.equals("end")))) {
          i++;
          continue;
        }
        if (call || aggregation) {
          functions.add(tok.text());
          i++;
          continue;
        }
        metrics.add(tok.text());
        i++;
        if (i < t.size() && t.get(i).is(Type.LBRACE)) {
          i = matchers(t, i, metrics, matchers, problems);
        }
      } else if (tok.is(Type.LBRACE)) {
        i = matchers(t, i, metrics, matchers, problems);
      } else if (tok.is(Type.LBRACKET)) {
        i = skipPast(t, i + 1, Type.RBRACKET);
      } else {
        i++;
      }
    }
    if (problems.size() > 6) {
      List<String> first = new ArrayList<>(problems.subList(0, 5));
      first.add((problems.size() - 5) + " more problems not listed");
      problems = first;
    }
    return new PromQlExpression(List.copyOf(metrics), matchers, List.copyOf(functions), problems);
  }

  /** The index after the first {@code close} at or after {@code from}, or the end. */
  private static int skipPast(List<PromQlToken> t, int from, Type close) {
    int i = from;
    while (i < t.size() && !t.get(i).is(close)) {
      i++;
    }
    return i + 1;
  }

  /**
   * Reads the matchers of the selector whose {@code {} is at {@code open}; returns the index after
   * its {@code }}. A quoted name alone ({@code {"metric.name"}}, PromQL 3) is a metric name.
   */
  private static int matchers(
      List<PromQlToken> t,
      int open,
      Set<String> metrics,
      List<LabelMatcher> out,
      List<String> problems) {
    int i = open + 1;
    while (i < t.size() && !t.get(i).is(Type.RBRACE)) {
      PromQlToken name = t.get(i);
      if (name.is(Type.COMMA)) {
        i++;
        continue;
      }
      boolean isName = name.is(Type.IDENT) || name.is(Type.STRING);
      PromQlToken op = i + 1 < t.size() ? t.get(i + 1) : null;
      if (isName
          && name.is(Type.STRING)
          && (op == null || op.is(Type.COMMA) || op.is(Type.RBRACE))) {
        metrics.add(name.text());
        i++;
        continue;
      }
      PromQlToken value = i + 2 < t.size() ? t.get(i + 2) : null;
      boolean matcherOp =
          op != null && op.is(Type.OP) && Set.of("=", "!=", "=~", "!~").contains(op.text());
      if (!isName || !matcherOp || value == null || !value.is(Type.STRING)) {
        problems.add("malformed label matcher at offset " + name.at());
        return skipPast(t, i, Type.RBRACE);
      }
      if (name.text().equals("__name__")) {
        if (op.text().equals("=")) {
          metrics.add(value.text());
        } else if (op.text().equals("=~")) {
          metrics.add(value.text().replaceAll("[^A-Za-z0-9_:]+", "_"));
        }
      } else {
        out.add(new LabelMatcher(name.text(), op.text(), value.text()));
      }
      i += 3;
    }
    return i + 1;
  }
}
