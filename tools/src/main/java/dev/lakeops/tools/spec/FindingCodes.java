package dev.lakeops.tools.spec;

import static dev.lakeops.tools.Checks.checkArgument;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The finding codes a tool's analyzers can emit: exact codes, and families whose last part varies
 * ({@link CodeFamily}). A code the analyzers emit that is not declared here is a bug, and a test
 * over the recorded fixtures fails on it.
 *
 * @param exact the codes written out, in declaration order
 * @param families the codes with a variable part
 */
public record FindingCodes(Set<String> exact, List<CodeFamily> families) {

  private static final String CODE = "[a-z0-9]+(\\.[a-z0-9-]+)+";

  public FindingCodes {
    exact = Collections.unmodifiableSet(new LinkedHashSet<>(exact));
    for (String code : exact) {
      checkArgument(code.matches(CODE), "Invalid finding code: %s", code);
    }
    families = List.copyOf(families);
  }

  public static FindingCodes none() {
    return new FindingCodes(Set.of(), List.of());
  }

  public static FindingCodes of(String... codes) {
    return new FindingCodes(new LinkedHashSet<>(List.of(codes)), List.of());
  }

  public static FindingCodes family(String prefix, String placeholder, List<String> members) {
    return new FindingCodes(Set.of(), List.of(new CodeFamily(prefix, placeholder, members)));
  }

  /** The codes of both, this one's first. */
  public FindingCodes and(FindingCodes other) {
    Set<String> codes = new LinkedHashSet<>(exact);
    codes.addAll(other.exact);
    List<CodeFamily> all = new ArrayList<>(families);
    other.families.stream().filter(f -> !all.contains(f)).forEach(all::add);
    return new FindingCodes(codes, all);
  }

  /** Every code: the exact ones, then each family's. */
  public Set<String> all() {
    Set<String> all = new LinkedHashSet<>(exact);
    families.forEach(f -> all.addAll(f.codes()));
    return Collections.unmodifiableSet(all);
  }

  public boolean declares(String code) {
    return exact.contains(code) || families.stream().anyMatch(f -> f.codes().contains(code));
  }

  /** The codes as a description lists them: exact codes, then families as patterns. */
  public List<String> describe() {
    List<String> out = new ArrayList<>(exact);
    families.forEach(f -> out.add(f.pattern()));
    return out;
  }
}
