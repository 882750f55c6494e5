package dev.lakeops.table.lsm.aggregate;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * {@code listagg} over a VARCHAR column (Paimon's {@code FieldListaggAgg}): the accumulator, the
 * delimiter ({@code fields.<f>.list-agg-delimiter}, default {@code ,}) and the input, null inputs
 * skipped. No retraction.
 *
 * <p>Without {@code fields.<f>.distinct} this is Paimon 1.2/1.3's concatenation, empty strings
 * included. With it, Paimon 1.4's distinct listagg: the input is split on the delimiter (an empty
 * delimiter means a space) and only tokens that are neither empty nor already in the accumulator
 * are appended; an empty input keeps the accumulator, an empty accumulator takes the input. (Paimon
 * 1.2/1.3 ignore {@code distinct} on listagg.)
 */
final class ListaggAgg implements FieldAggregator {

  private final String delimiter;
  private final boolean distinct;
  private final Pattern splitter;

  ListaggAgg(String delimiter, boolean distinct) {
    this.delimiter = delimiter;
    this.distinct = distinct;
    this.splitter = Pattern.compile(Pattern.quote(delimiter.isEmpty() ? " " : delimiter));
  }

  @Override
  public @Nullable Object agg(@Nullable Object accumulator, @Nullable Object input) {
    if (accumulator == null || input == null) {
      return accumulator == null ? input : accumulator;
    }
    String acc = (String) accumulator;
    String in = (String) input;
    if (!distinct) {
      return acc + delimiter + in;
    }
    if (in.isEmpty()) {
      return acc;
    }
    if (acc.isEmpty()) {
      return in;
    }
    Set<String> seen = new LinkedHashSet<>(java.util.Arrays.asList(splitter.split(acc, -1)));
    StringBuilder out = new StringBuilder(acc);
    for (String token : splitter.split(in, -1)) {
      if (!token.isEmpty() && seen.add(token)) {
        out.append(delimiter).append(token);
      }
    }
    return out.toString();
  }

  @Override
  public boolean supportsRetraction() {
    return false;
  }
}
