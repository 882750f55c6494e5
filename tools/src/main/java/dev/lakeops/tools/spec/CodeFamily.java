package dev.lakeops.tools.spec;

import static dev.lakeops.tools.Checks.checkArgument;
import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * Finding codes with a variable last part, such as {@code flink.exception.<cause>}: the members are
 * the values the part can take (usually an enum's ids), so every code of the family is known.
 *
 * @param prefix the fixed part, ending in a dot, e.g. {@code flink.exception.}
 * @param placeholder what the variable part stands for, e.g. {@code cause}
 * @param members the values of the variable part, e.g. {@code oom}, {@code commit-conflict}
 */
public record CodeFamily(String prefix, String placeholder, List<String> members) {

  public CodeFamily {
    requireNonNull(prefix, "prefix");
    checkArgument(
        prefix.matches("[a-z0-9]+(\\.[a-z0-9-]+)*\\."), "Invalid code family prefix: %s", prefix);
    requireNonNull(placeholder, "placeholder");
    members = List.copyOf(members);
    checkArgument(!members.isEmpty(), "Code family %s has no members", prefix);
    for (String m : members) {
      checkArgument(m.matches("[a-z0-9-]+"), "Invalid member '%s' of code family %s", m, prefix);
    }
  }

  /** The family as written in descriptions: {@code flink.exception.<cause>}. */
  public String pattern() {
    return prefix + "<" + placeholder + ">";
  }

  /** Every code of the family, in member order. */
  public List<String> codes() {
    return members.stream().map(m -> prefix + m).toList();
  }
}
