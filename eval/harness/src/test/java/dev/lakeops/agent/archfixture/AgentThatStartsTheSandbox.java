package dev.lakeops.agent.archfixture;

import dev.lakeops.eval.sandbox.SandboxException;

/**
 * An agent class that depends on eval, which nothing may: only {@code ArchitectureRulesTest}
 * imports it.
 */
public final class AgentThatStartsTheSandbox {

  private AgentThatStartsTheSandbox() {}

  public static RuntimeException failure() {
    return new SandboxException("fixture");
  }
}
