package dev.lakeops.runbooks.approval;

import static java.util.Objects.requireNonNull;

import java.util.Set;

/** A configured person and their roles. */
public record Approver(String user, Set<Role> roles) {

  public Approver {
    requireNonNull(user, "user");
    roles = Set.copyOf(roles);
  }

  public boolean mayApprove() {
    return roles.contains(Role.APPROVER);
  }
}
