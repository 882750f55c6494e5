package dev.lakeops.runbooks.approval;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The people who may act on proposals, from configuration: {@code
 * lakeops.approvers.<user>.roles=approver[,viewer]}. A user who is not listed can neither approve
 * nor execute.
 */
public final class ApproverDirectory {

  static final String PREFIX = "lakeops.approvers.";
  private static final Pattern KEY =
      Pattern.compile(Pattern.quote(PREFIX) + "([A-Za-z0-9._@-]+)\\.roles");

  private final Map<String, Approver> users;

  public ApproverDirectory(List<Approver> approvers) {
    Map<String, Approver> map = new TreeMap<>();
    for (Approver a : approvers) {
      map.put(a.user(), a);
    }
    this.users = Map.copyOf(map);
  }

  /**
   * Reads {@code lakeops.approvers.<user>.roles} keys.
   *
   * @throws IllegalArgumentException a malformed key or an unknown role (the key is named)
   */
  public static ApproverDirectory fromProperties(Properties props) {
    List<Approver> list = new ArrayList<>();
    for (String key : new java.util.TreeSet<>(props.stringPropertyNames())) {
      if (!key.startsWith(PREFIX)) {
        continue;
      }
      Matcher m = KEY.matcher(key);
      if (!m.matches()) {
        throw new IllegalArgumentException(
            "Invalid approver key " + key + " (expected " + PREFIX + "<user>.roles)");
      }
      Set<Role> roles = EnumSet.noneOf(Role.class);
      for (String r : props.getProperty(key).split(",")) {
        String name = r.strip().toUpperCase(Locale.ROOT);
        if (name.isEmpty()) {
          continue;
        }
        try {
          roles.add(Role.valueOf(name));
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException(
              "Invalid role '" + r.strip() + "' in " + key + " (expected approver or viewer)");
        }
      }
      list.add(new Approver(m.group(1), roles));
    }
    return new ApproverDirectory(list);
  }

  public Optional<Approver> find(String user) {
    return Optional.ofNullable(user == null ? null : users.get(user));
  }

  public Set<String> users() {
    return users.keySet();
  }
}
