package dev.lakeops.agent.chat;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ChatCommandInterpreterTest {

  private final ChatCommandInterpreter interpreter = new ChatCommandInterpreter();

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "triage orders-to-lake|orders-to-lake",
        "TRIAGE   orders to lake |orders to lake",
        "<@U0LAN0Z89> triage order_wide|order_wide",
        "@_user_1 排查 order_wide|order_wide",
        "排查order_wide|order_wide",
        "/lakeops triage orders|orders",
        "@lakeops　排查　order_wide|order_wide"
      })
  void understandsTriageInEnglishAndChinese(String text, String job) {
    assertThat(interpreter.interpret(text)).isEqualTo(new ChatIntent.Triage(job));
  }

  @Test
  void understandsLagWithAndWithoutAGroup() {
    assertThat(interpreter.interpret("lag orders-consumer"))
        .isEqualTo(new ChatIntent.Lag("orders-consumer"));
    assertThat(interpreter.interpret("lag")).isEqualTo(new ChatIntent.Lag(null));
    assertThat(interpreter.interpret("延迟 orders-consumer"))
        .isEqualTo(new ChatIntent.Lag("orders-consumer"));
    assertThat(interpreter.interpret("积压")).isEqualTo(new ChatIntent.Lag(null));
    assertThat(interpreter.interpret(" 积压 orders-consumer"))
        .isEqualTo(new ChatIntent.Lag("orders-consumer"));
    assertThat(interpreter.interpret("laggy")).isInstanceOf(ChatIntent.Help.class);
  }

  @Test
  void understandsTableSnapshots() {
    assertThat(interpreter.interpret("table lake.orders snapshots"))
        .isEqualTo(new ChatIntent.TableSnapshots("lake.orders"));
    assertThat(interpreter.interpret("Table lake.orders snapshot"))
        .isEqualTo(new ChatIntent.TableSnapshots("lake.orders"));
    assertThat(interpreter.interpret("表 lake.orders 快照"))
        .isEqualTo(new ChatIntent.TableSnapshots("lake.orders"));
    assertThat(interpreter.interpret("表lake.orders的快照"))
        .isEqualTo(new ChatIntent.TableSnapshots("lake.orders"));
    assertThat(interpreter.interpret("table lake.orders; rm -rf / snapshots"))
        .isInstanceOf(ChatIntent.Help.class);
  }

  @Test
  void understandsBinlogVerify() {
    assertThat(interpreter.interpret("binlog verify mysql-bin.000042"))
        .isEqualTo(new ChatIntent.BinlogVerify("mysql-bin.000042"));
  }

  @Test
  void understandsApproveAndRejectWithValidIdsOnly() {
    assertThat(interpreter.interpret("approve prop-42"))
        .isEqualTo(new ChatIntent.Approve("prop-42"));
    assertThat(interpreter.interpret("批准 prop-42")).isEqualTo(new ChatIntent.Approve("prop-42"));
    assertThat(interpreter.interpret("reject prop-42")).isEqualTo(new ChatIntent.Reject("prop-42"));
    assertThat(interpreter.interpret("拒绝prop-42")).isEqualTo(new ChatIntent.Reject("prop-42"));
    assertThat(interpreter.interpret("approve prop/../42")).isInstanceOf(ChatIntent.Help.class);
    assertThat(interpreter.interpret("approved")).isInstanceOf(ChatIntent.Help.class);
  }

  @Test
  void understandsRollbackAsAProposalRequest() {
    assertThat(interpreter.interpret("回滚")).isEqualTo(new ChatIntent.RollbackProposal(null, null));
    assertThat(interpreter.interpret("回滚 lake.orders"))
        .isEqualTo(new ChatIntent.RollbackProposal("lake.orders", null));
    assertThat(interpreter.interpret("回滚 lake.orders 到快照 41"))
        .isEqualTo(new ChatIntent.RollbackProposal("lake.orders", 41L));
    assertThat(interpreter.interpret("rollback lake.orders to snapshot 41"))
        .isEqualTo(new ChatIntent.RollbackProposal("lake.orders", 41L));
    assertThat(interpreter.interpret("rollback to snapshot 41"))
        .isEqualTo(new ChatIntent.RollbackProposal(null, 41L));
  }

  @ParameterizedTest
  @ValueSource(strings = {"help", "HELP", "帮助", "?", "？", ""})
  void understandsHelp(String text) {
    assertThat(interpreter.interpret(text)).isEqualTo(new ChatIntent.Help(null));
  }

  @Test
  void answersUnknownTextWithHelpCarryingIt() {
    assertThat(interpreter.interpret("please drop the table"))
        .isEqualTo(new ChatIntent.Help("please drop the table"));
    assertThat(interpreter.interpret(null)).isEqualTo(new ChatIntent.Help(null));
    assertThat(interpreter.interpret("x".repeat(5000))).isInstanceOf(ChatIntent.Help.class);
  }

  @ParameterizedTest
  @ValueSource(strings = {"status", "STATUS", "状态", "进展", "<@U0LAKEOPS> status", "@_user_1 状态"})
  void understandsStatus(String text) {
    assertThat(interpreter.interpret(text)).isEqualTo(new ChatIntent.Status());
  }

  @ParameterizedTest
  @ValueSource(strings = {"triage", "Triage", "排查", "@_user_1 排查", "/lakeops triage"})
  void understandsABareTriageAsAboutTheThreadsIncident(String text) {
    assertThat(interpreter.interpret(text)).isEqualTo(new ChatIntent.Triage(null));
  }

  @Test
  void tellsChineseTextApart() {
    assertThat(ChatCommandInterpreter.isChinese("排查 order_wide")).isTrue();
    assertThat(ChatCommandInterpreter.isChinese("triage order_wide")).isFalse();
  }
}
