package dev.lakeops.table.read;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A filter on the columns of a table, by column name: comparisons with a literal, {@code IN},
 * {@code IS [NOT] NULL}, and their conjunctions and disjunctions. Literals are Java values of the
 * column's type ({@link dev.lakeops.table.types.DataType}); numbers of another class compare by
 * value.
 *
 * <p>{@link #test} decides a row exactly, with SQL's null semantics (a comparison with null is
 * false). {@link #mightMatch} decides from statistics whether any row could match: false only when
 * none can, which is what scan planning prunes by.
 */
public sealed interface Predicate
    permits Predicate.Compare,
        Predicate.In,
        Predicate.IsNull,
        Predicate.IsNotNull,
        Predicate.And,
        Predicate.Or {

  /** A row's values by column name. */
  @FunctionalInterface
  interface FieldValues {
    @Nullable Object value(String field);
  }

  /** Whether a row with these values matches. */
  boolean test(FieldValues row);

  /** Whether any of the rows summarized by {@code stats} could match. */
  boolean mightMatch(FieldStats stats);

  /** Adds the columns this predicate reads to {@code out}. */
  void collectFields(Set<String> out);

  /** The columns this predicate reads. */
  default Set<String> fields() {
    Set<String> out = new LinkedHashSet<>();
    collectFields(out);
    return out;
  }

  /** The operands of a top-level AND, or this predicate alone. */
  default List<Predicate> conjuncts() {
    return List.of(this);
  }

  enum Op {
    EQ("="),
    NE("<>"),
    LT("<"),
    LE("<="),
    GT(">"),
    GE(">=");

    private final String symbol;

    Op(String symbol) {
      this.symbol = symbol;
    }

    public String symbol() {
      return symbol;
    }

    boolean holds(int comparison) {
      return switch (this) {
        case EQ -> comparison == 0;
        case NE -> comparison != 0;
        case LT -> comparison < 0;
        case LE -> comparison <= 0;
        case GT -> comparison > 0;
        case GE -> comparison >= 0;
      };
    }
  }

  static Predicate equal(String field, Object value) {
    return new Compare(field, Op.EQ, value);
  }

  static Predicate notEqual(String field, Object value) {
    return new Compare(field, Op.NE, value);
  }

  static Predicate lessThan(String field, Object value) {
    return new Compare(field, Op.LT, value);
  }

  static Predicate lessOrEqual(String field, Object value) {
    return new Compare(field, Op.LE, value);
  }

  static Predicate greaterThan(String field, Object value) {
    return new Compare(field, Op.GT, value);
  }

  static Predicate greaterOrEqual(String field, Object value) {
    return new Compare(field, Op.GE, value);
  }

  /** {@code lower <= field <= upper}. */
  static Predicate between(String field, Object lower, Object upper) {
    return and(greaterOrEqual(field, lower), lessOrEqual(field, upper));
  }

  static Predicate in(String field, List<?> values) {
    return new In(field, new ArrayList<>(values));
  }

  static Predicate isNull(String field) {
    return new IsNull(field);
  }

  static Predicate isNotNull(String field) {
    return new IsNotNull(field);
  }

  static Predicate and(Predicate... children) {
    return new And(Arrays.asList(children));
  }

  static Predicate or(Predicate... children) {
    return new Or(Arrays.asList(children));
  }

  /** {@code field op value}; false when the column is null. */
  record Compare(String field, Op op, Object value) implements Predicate {
    public Compare {
      requireNonNull(field, "field");
      requireNonNull(op, "op");
      requireNonNull(value, "value (use isNull/isNotNull for null)");
    }

    @Override
    public boolean test(FieldValues row) {
      Object v = row.value(field);
      return v != null && op.holds(Values.compare(v, value));
    }

    @Override
    public boolean mightMatch(FieldStats stats) {
      if (!stats.covers(field) || allNull(stats, field)) {
        return !stats.covers(field);
      }
      Object min = stats.min(field);
      Object max = stats.max(field);
      if (min == null || max == null) {
        return true;
      }
      return switch (op) {
        case EQ -> Values.compare(min, value) <= 0 && Values.compare(max, value) >= 0;
        case NE -> !(Values.equal(min, value) && Values.equal(max, value));
        case LT -> Values.compare(min, value) < 0;
        case LE -> Values.compare(min, value) <= 0;
        case GT -> Values.compare(max, value) > 0;
        case GE -> Values.compare(max, value) >= 0;
      };
    }

    @Override
    public void collectFields(Set<String> out) {
      out.add(field);
    }

    @Override
    public String toString() {
      return field + " " + op.symbol() + " " + value;
    }
  }

  /** {@code field IN (values)}; false when the column is null. */
  record In(String field, List<Object> values) implements Predicate {
    public In {
      requireNonNull(field, "field");
      values = List.copyOf(values);
      if (values.isEmpty()) {
        throw new IllegalArgumentException("Invalid IN predicate on " + field + ": no values");
      }
    }

    @Override
    public boolean test(FieldValues row) {
      Object v = row.value(field);
      return v != null && values.stream().anyMatch(x -> Values.equal(v, x));
    }

    @Override
    public boolean mightMatch(FieldStats stats) {
      if (!stats.covers(field)) {
        return true;
      }
      if (allNull(stats, field)) {
        return false;
      }
      Object min = stats.min(field);
      Object max = stats.max(field);
      if (min == null || max == null) {
        return true;
      }
      return values.stream()
          .anyMatch(x -> Values.compare(min, x) <= 0 && Values.compare(max, x) >= 0);
    }

    @Override
    public void collectFields(Set<String> out) {
      out.add(field);
    }

    @Override
    public String toString() {
      return field + " IN " + values;
    }
  }

  record IsNull(String field) implements Predicate {
    public IsNull {
      requireNonNull(field, "field");
    }

    @Override
    public boolean test(FieldValues row) {
      return row.value(field) == null;
    }

    @Override
    public boolean mightMatch(FieldStats stats) {
      if (!stats.covers(field)) {
        return true;
      }
      Long nulls = stats.nullCount(field);
      return nulls == null || nulls > 0;
    }

    @Override
    public void collectFields(Set<String> out) {
      out.add(field);
    }

    @Override
    public String toString() {
      return field + " IS NULL";
    }
  }

  record IsNotNull(String field) implements Predicate {
    public IsNotNull {
      requireNonNull(field, "field");
    }

    @Override
    public boolean test(FieldValues row) {
      return row.value(field) != null;
    }

    @Override
    public boolean mightMatch(FieldStats stats) {
      return !stats.covers(field) || !allNull(stats, field);
    }

    @Override
    public void collectFields(Set<String> out) {
      out.add(field);
    }

    @Override
    public String toString() {
      return field + " IS NOT NULL";
    }
  }

  record And(List<Predicate> children) implements Predicate {
    public And {
      children = List.copyOf(children);
      if (children.isEmpty()) {
        throw new IllegalArgumentException("Invalid AND: no operands");
      }
    }

    @Override
    public boolean test(FieldValues row) {
      for (Predicate p : children) {
        if (!p.test(row)) {
          return false;
        }
      }
      return true;
    }

    @Override
    public boolean mightMatch(FieldStats stats) {
      return children.stream().allMatch(p -> p.mightMatch(stats));
    }

    @Override
    public void collectFields(Set<String> out) {
      children.forEach(p -> p.collectFields(out));
    }

    @Override
    public List<Predicate> conjuncts() {
      List<Predicate> all = new ArrayList<>();
      children.forEach(p -> all.addAll(p.conjuncts()));
      return all;
    }

    @Override
    public String toString() {
      return "(" + String.join(" AND ", children.stream().map(Object::toString).toList()) + ")";
    }
  }

  record Or(List<Predicate> children) implements Predicate {
    public Or {
      children = List.copyOf(children);
      if (children.isEmpty()) {
        throw new IllegalArgumentException("Invalid OR: no operands");
      }
    }

    @Override
    public boolean test(FieldValues row) {
      for (Predicate p : children) {
        if (p.test(row)) {
          return true;
        }
      }
      return false;
    }

    @Override
    public boolean mightMatch(FieldStats stats) {
      return children.stream().anyMatch(p -> p.mightMatch(stats));
    }

    @Override
    public void collectFields(Set<String> out) {
      children.forEach(p -> p.collectFields(out));
    }

    @Override
    public String toString() {
      return "(" + String.join(" OR ", children.stream().map(Object::toString).toList()) + ")";
    }
  }

  private static boolean allNull(FieldStats stats, String field) {
    Long nulls = stats.nullCount(field);
    long rows = stats.rowCount();
    return nulls != null && rows >= 0 && nulls >= rows;
  }
}
