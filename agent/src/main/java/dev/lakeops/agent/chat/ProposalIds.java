package dev.lakeops.agent.chat;

import java.util.regex.Pattern;

/**
 * The shape of a proposal id typed in chat or carried by a button: 1-64 of {@code [A-Za-z0-9._:-]}.
 */
public final class ProposalIds {

  private static final Pattern VALID = Pattern.compile("[A-Za-z0-9._:-]{1,64}");

  private ProposalIds() {}

  public static boolean isValid(String id) {
    return id != null && VALID.matcher(id).matches();
  }
}
