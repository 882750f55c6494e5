package dev.lakeops.agent.chat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.runbooks.plan.DeterministicPlanner;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/** {@code link <id>} in chat and the links on proposal cards, against a scripted approvals port. */
class ApprovalLinkChatTest {

  private final Clock clock = Clock.fixed(Instant.parse("2026-05-01T12:00:00Z"), ZoneOffset.UTC);
  private final List<String> askedBy = new ArrayList<>();

  /** Issues links to "alice" for p-1 only; refuses everything else. */
  private final ApprovalPort port =
      new ApprovalPort() {
        @Override
        public ApprovalOutcome approve(String proposalId, ChatMessage from) {
          throw new AssertionError("not asked");
        }

        @Override
        public ApprovalOutcome reject(String proposalId, ChatMessage from) {
          throw new AssertionError("not asked");
        }

        @Override
        public ApprovalOutcome proposeRollback(
            @Nullable String table, @Nullable Long snapshot, ChatMessage from) {
          return new ApprovalOutcome(
              ApprovalOutcome.Status.PROPOSED, "p-1", "roll back " + table + " to " + snapshot);
        }

        @Override
        public IssuedLinks links(String proposalId, ChatMessage from) {
          askedBy.add(from.userId());
          if (!proposalId.equals("p-1")) {
            return new IssuedLinks(
                IssuedLinks.Status.NOT_FOUND, proposalId, "alice", null, null, "");
          }
          if (from.userId().equals("U-REQ")) {
            return new IssuedLinks(
                IssuedLinks.Status.ISSUED,
                proposalId,
                "req",
                null,
                "https://l/r",
                "req may not approve it");
          }
          return new IssuedLinks(
              IssuedLinks.Status.ISSUED, proposalId, "alice", "https://l/a", "https://l/r", "");
        }
      };

  private CommandChatHandler handler(ApprovalPort approvals) {
    return new CommandChatHandler(
        new DeterministicPlanner(List.of(), clock),
        ChatTools.none(),
        approvals,
        new ChatThreads(new InMemoryChatThreadStore(10, 100), clock));
  }

  private static ChatMessage message(String user, String text) {
    return new ChatMessage(Platform.SLACK, "t-1", "C1", user, text, Language.EN);
  }

  @Test
  void linkCommandsAreUnderstoodInEnglishAndChinese() {
    ChatCommandInterpreter interpreter = new ChatCommandInterpreter();

    assertThat(interpreter.interpret("link p-1")).isEqualTo(new ChatIntent.Link("p-1"));
    assertThat(interpreter.interpret("LINK  p-1")).isEqualTo(new ChatIntent.Link("p-1"));
    assertThat(interpreter.interpret("链接 p-1")).isEqualTo(new ChatIntent.Link("p-1"));
    assertThat(interpreter.interpret("链接p-1")).isEqualTo(new ChatIntent.Link("p-1"));
    assertThat(interpreter.interpret("link p 1")).isInstanceOf(ChatIntent.Help.class);
    assertThat(interpreter.interpret("link <script>")).isInstanceOf(ChatIntent.Help.class);
  }

  @Test
  void linkAnswersTheSenderWithTheirOwnLinks() {
    ChatReply reply = handler(port).handle(message("U-ALICE", "link p-1"));

    assertThat(askedBy).containsExactly("U-ALICE");
    assertThat(reply.intent()).isEqualTo(ChatIntent.Kind.LINK);
    assertThat(reply.markdown()).contains("issued to alice").contains("Do not forward");
    assertThat(reply.card().links())
        .extracting(ChatLink::label)
        .containsExactly("Approve as alice (link)", "Reject as alice (link)");
    assertThat(reply.card().links())
        .extracting(ChatLink::url)
        .containsExactly("https://l/a", "https://l/r");
    assertThat(reply.card().links()).extracting(ChatLink::user).containsOnly("alice");
  }

  @Test
  void aRequesterWhoMayNotApproveGetsOnlyTheRejectLinkAndIsToldWhy() {
    ChatReply reply = handler(port).handle(message("U-REQ", "链接 p-1"));

    assertThat(reply.markdown()).contains("签发给 req").contains("req may not approve it");
    assertThat(reply.card().links())
        .extracting(ChatLink::action)
        .containsExactly(ChatButton.Action.REJECT);
    assertThat(reply.card().links().get(0).label()).isEqualTo("以 req 身份拒绝（链接）");
  }

  @Test
  void noLinksMeansNoCardAndTheReason() {
    ChatReply missing = handler(port).handle(message("U-ALICE", "link p-2"));
    ChatReply unconfigured =
        handler(new UnconfiguredApprovals()).handle(message("U-ALICE", "link p-1"));

    assertThat(missing.card()).isNull();
    assertThat(missing.markdown()).contains("no proposal `p-2`");
    assertThat(unconfigured.card()).isNull();
    assertThat(unconfigured.markdown())
        .contains("not configured")
        .contains("lakeops.approval.link-secret");
  }

  @Test
  void aProposalCardCarriesLinksOnlyWhenTheyWereIssued() {
    ChatReply withLinks = handler(port).handle(message("U-ALICE", "rollback db.orders 3"));
    ChatReply without =
        handler(new ScriptedProposals()).handle(message("U-ALICE", "rollback db.orders 3"));

    assertThat(withLinks.card().buttons()).hasSize(2);
    assertThat(withLinks.card().links())
        .extracting(ChatLink::url)
        .containsExactly("https://l/a", "https://l/r");
    assertThat(without.card().buttons()).hasSize(2);
    assertThat(without.card().links()).isEmpty();
  }

  /** Proposes like the gate but has no links (the port's default). */
  private static final class ScriptedProposals implements ApprovalPort {
    @Override
    public ApprovalOutcome approve(String proposalId, ChatMessage from) {
      throw new AssertionError("not asked");
    }

    @Override
    public ApprovalOutcome reject(String proposalId, ChatMessage from) {
      throw new AssertionError("not asked");
    }

    @Override
    public ApprovalOutcome proposeRollback(
        @Nullable String table, @Nullable Long snapshot, ChatMessage from) {
      return new ApprovalOutcome(ApprovalOutcome.Status.PROPOSED, "p-1", "roll back");
    }
  }
}
