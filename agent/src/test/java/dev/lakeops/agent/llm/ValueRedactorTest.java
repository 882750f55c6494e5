package dev.lakeops.agent.llm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ValueRedactorTest {

  @Test
  void replacesRowsByTheirKeysAndCount() {
    String out =
        ValueRedactor.redact(
            "{\"table\":\"shop.orders\",\"rows\":[{\"id\":1,\"note\":\"secret"
                + " note\"},{\"id\":2,\"amount\":5}]}");

    assertThat(out)
        .contains("\"table\":\"shop.orders\"")
        .contains("\"count\":2")
        .contains("\"keys\":[\"id\",\"note\",\"amount\"]")
        .doesNotContain("secret note")
        .doesNotContain("\"amount\":5");
  }

  @Test
  void keepsTheShapeOfSqlButNotItsLiterals() {
    String out =
        ValueRedactor.redact(
            "{\"events\":[{\"offset\":642,\"info\":\"INSERT INTO shop.t1(id,name) VALUES"
                + " (3,'cy'),(4,\\\"d\\\")\"}]}");

    assertThat(out)
        .contains("\"offset\":642")
        .contains("INSERT INTO shop.t1(id,name) VALUES (?,?),(?,?)")
        .doesNotContain("cy");
  }

  @Test
  void leavesFindingsAndNonSqlInfoAlone() {
    String findings =
        "{\"status\":\"OK\",\"findings\":[{\"code\":\"binlog.crc-mismatch\",\"evidence\":{\"offset\":\"1961\"}}]}";
    String gtid = "{\"info\":\"GTID 0-1-11\"}";

    assertThat(ValueRedactor.redact(findings)).isEqualTo(findings);
    assertThat(ValueRedactor.redact(gtid)).isEqualTo(gtid);
  }

  @Test
  void redactsSqlInPlainTextOutput() {
    assertThat(ValueRedactor.redact("DELETE FROM shop.orders WHERE customer_id=2 AND note='x'"))
        .isEqualTo("DELETE FROM shop.orders WHERE customer_id=? AND note=?");
    assertThat(ValueRedactor.redact("PROPOSED: proposal p-1 waits for 2 approvers; set nothing"))
        .isEqualTo("PROPOSED: proposal p-1 waits for 2 approvers; set nothing");
  }
}
