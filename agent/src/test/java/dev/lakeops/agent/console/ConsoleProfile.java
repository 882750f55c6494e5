package dev.lakeops.agent.console;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * Console users: alice approves, bob only views; the app listens on a fixed port a browser can
 * reach.
 */
public class ConsoleProfile implements QuarkusTestProfile {

  static final String ALICE_TOKEN = "alice-console-token-0123456789";
  static final String BOB_TOKEN = "bob-console-token-0123456789";
  static final int PORT = Integer.getInteger("lakeops-test.console-port", 62411);

  @Override
  public Map<String, String> getConfigOverrides() {
    return Map.of(
        "lakeops.approvers.alice.roles",
        "approver",
        "lakeops.approvers.alice.token",
        ALICE_TOKEN,
        "lakeops.approvers.bob.roles",
        "viewer",
        "lakeops.approvers.bob.token",
        BOB_TOKEN,
        "quarkus.http.test-port",
        Integer.toString(PORT));
  }
}
