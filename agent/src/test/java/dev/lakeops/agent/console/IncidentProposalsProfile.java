package dev.lakeops.agent.console;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Users for deciding on the incident page: alice and carol approve, bob only views; alice is also
 * {@code alice-chat} on the chat API. Tables named without a path live in {@link #WAREHOUSE}.
 */
public class IncidentProposalsProfile implements QuarkusTestProfile {

  static final String ALICE_TOKEN = "alice-incident-token-0123456789";
  static final String BOB_TOKEN = "bob-incident-token-0123456789";
  static final String CAROL_TOKEN = "carol-incident-token-0123456789";
  static final Path WAREHOUSE = tempDir();

  private static Path tempDir() {
    try {
      return Files.createTempDirectory("lakeops-incident-proposals");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public Map<String, String> getConfigOverrides() {
    return Map.of(
        "lakeops.approvers.alice.roles",
        "approver",
        "lakeops.approvers.alice.token",
        ALICE_TOKEN,
        "lakeops.approvers.alice.im-ids",
        "api:alice-chat",
        "lakeops.approvers.bob.roles",
        "viewer",
        "lakeops.approvers.bob.token",
        BOB_TOKEN,
        "lakeops.approvers.carol.roles",
        "approver",
        "lakeops.approvers.carol.token",
        CAROL_TOKEN,
        "lakeops.tables.warehouse",
        WAREHOUSE.toString(),
        "lakeops.chat.table-warehouse",
        WAREHOUSE.toString());
  }
}
