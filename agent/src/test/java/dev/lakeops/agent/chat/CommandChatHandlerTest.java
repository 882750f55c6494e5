package dev.lakeops.agent.chat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.runbooks.plan.DeterministicPlanner;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.kafka.KafkaTools;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CommandChatHandlerTest {

  private final Clock clock = Clock.fixed(Instant.parse("2026-05-01T12:00:00Z"), ZoneOffset.UTC);
  private final InMemoryChatThreadStore store = new InMemoryChatThreadStore(10, 100);

  private CommandChatHandler handler(ChatTools tools) {
    return new CommandChatHandler(
        new DeterministicPlanner(List.of(), clock),
        tools,
        new UnconfiguredApprovals(),
        new ChatThreads(store, clock));
  }

  private static ChatMessage message(String text, Language language) {
    return new ChatMessage(Platform.API, "t-1", "api", "alice", text, language);
  }

  @Test
  void triageRunsTheDeterministicPlannerAndRendersItsVerdict() {
    ChatReply reply =
        handler(ChatTools.none()).handle(message("triage orders-to-lake", Language.EN));

    assertThat(reply.intent()).isEqualTo(ChatIntent.Kind.TRIAGE);
    assertThat(reply.markdown())
        .contains("Triage of job `orders-to-lake`")
        .contains("`NO_RUNBOOK`")
        .contains("no LLM");
  }

  @Test
  void chineseCommandIsAnsweredInChineseWithNeutralCodes() {
    ChatReply reply = handler(ChatTools.none()).handle(message("排查 order_wide", Language.EN));

    assertThat(reply.language()).isEqualTo(Language.ZH_CN);
    assertThat(reply.markdown()).contains("排查作业 `order_wide`").contains("`NO_RUNBOOK`");
  }

  @Test
  void toolsThatAreNotConfiguredSaySoWithTheKeyToSet() {
    CommandChatHandler handler = handler(ChatTools.none());
    assertThat(handler.handle(message("lag g1", Language.EN)).markdown())
        .contains("lakeops.kafka.clusters");
    assertThat(handler.handle(message("table lake.orders snapshots", Language.EN)).markdown())
        .contains("lakeops.chat.table-warehouse");
    assertThat(handler.handle(message("binlog verify mysql-bin.000001", Language.EN)).markdown())
        .contains("lakeops.binlog.dir");
  }

  @Test
  void configuredToolReportsAreRenderedWithTheirFindingCodes() {
    ChatTools lag =
        (tool, args) -> {
          if (!tool.equals(KafkaTools.LAG)) {
            return Optional.empty();
          }
          String group = args.get("group");
          Finding finding =
              new Finding(
                  Severity.WARN,
                  "kafka.lag.growing",
                  "group " + group,
                  "Lag grows",
                  Map.of("lag", "1200"),
                  List.of("admin"));
          return Optional.of(
              new ToolReport(
                  ToolReport.Status.OK,
                  "kafka.lag",
                  Map.of("groups", group),
                  List.of(finding),
                  null));
        };

    String md = handler(lag).handle(message("延迟 orders-consumer", Language.EN)).markdown();

    assertThat(md)
        .contains("Kafka 消费积压")
        .contains("`kafka.lag.growing`")
        .contains("WARN")
        .contains("`1200`");
  }

  @Test
  void approvalsThatAreNotConfiguredSayNothingWasDone() {
    ChatReply reply = handler(ChatTools.none()).handle(message("approve prop-1", Language.EN));

    assertThat(reply.intent()).isEqualTo(ChatIntent.Kind.APPROVE);
    assertThat(reply.markdown())
        .contains("Approvals are not configured")
        .contains("nothing was approved");
    assertThat(reply.card()).isNull();
  }

  @Test
  void unknownTextGetsTheCommandList() {
    ChatReply reply = handler(ChatTools.none()).handle(message("drop table orders", Language.EN));

    assertThat(reply.intent()).isEqualTo(ChatIntent.Kind.HELP);
    assertThat(reply.markdown())
        .contains("Not a command I know: `drop table orders`")
        .contains("triage <job>");
  }

  @Test
  void remembersBothSidesOfTheThread() {
    CommandChatHandler handler = handler(ChatTools.none());
    handler.handle(message("help", Language.EN));
    handler.handle(message("lag", Language.EN));

    List<ChatTurn> turns = store.recent("api:api:t-1", 10);
    assertThat(turns)
        .extracting(ChatTurn::author)
        .containsExactly(
            ChatTurn.Author.PERSON,
            ChatTurn.Author.LAKEOPS,
            ChatTurn.Author.PERSON,
            ChatTurn.Author.LAKEOPS);
    assertThat(turns.get(2).text()).isEqualTo("lag");
    assertThat(store.recent("api:api:other", 10)).isEmpty();
  }
}
