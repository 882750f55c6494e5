package dev.lakeops.agent.chat;

import static java.util.Objects.requireNonNull;

import org.jspecify.annotations.Nullable;

/**
 * What a chat message asks for, as understood without an LLM. Every argument is data from a person:
 * it is passed to typed tool parameters, never into a shell string or a query.
 */
public sealed interface ChatIntent
    permits ChatIntent.Triage,
        ChatIntent.Status,
        ChatIntent.Lag,
        ChatIntent.TableSnapshots,
        ChatIntent.BinlogVerify,
        ChatIntent.Approve,
        ChatIntent.Reject,
        ChatIntent.Link,
        ChatIntent.RollbackProposal,
        ChatIntent.Help {

  /** The language-neutral name of the intent, for JSON and logs. */
  Kind kind();

  /** Every kind of intent; {@code FOLLOW_UP} is text that is no command, answered by the model. */
  enum Kind {
    TRIAGE,
    STATUS,
    LAG,
    TABLE_SNAPSHOTS,
    BINLOG_VERIFY,
    APPROVE,
    REJECT,
    LINK,
    ROLLBACK_PROPOSAL,
    HELP,
    FOLLOW_UP
  }

  /**
   * {@code triage <job>} / {@code 排查 <job>}: the deterministic triage of a Flink job; a bare {@code
   * triage} / {@code 排查} ({@code job} null) asks about the thread's incident.
   */
  record Triage(@Nullable String job) implements ChatIntent {
    @Override
    public Kind kind() {
      return Kind.TRIAGE;
    }
  }

  /**
   * {@code status} / {@code 状态} / {@code 进展}: where the thread's incident stands, its verdict and
   * top evidence.
   */
  record Status() implements ChatIntent {
    @Override
    public Kind kind() {
      return Kind.STATUS;
    }
  }

  /**
   * {@code lag [group]} / {@code 延迟 [group]} / {@code 积压}: Kafka consumer lag; {@code group} null
   * for every group.
   */
  record Lag(@Nullable String group) implements ChatIntent {
    @Override
    public Kind kind() {
      return Kind.LAG;
    }
  }

  /** {@code table <name> snapshots} / {@code 表 <name> 快照}: a lake table's snapshots. */
  record TableSnapshots(String table) implements ChatIntent {
    public TableSnapshots {
      requireNonNull(table, "table");
    }

    @Override
    public Kind kind() {
      return Kind.TABLE_SNAPSHOTS;
    }
  }

  /** {@code binlog verify <file>}: integrity of one binlog file. */
  record BinlogVerify(String file) implements ChatIntent {
    public BinlogVerify {
      requireNonNull(file, "file");
    }

    @Override
    public Kind kind() {
      return Kind.BINLOG_VERIFY;
    }
  }

  /** {@code approve <id>} / {@code 批准 <id>}, or the Approve button. */
  record Approve(String proposalId) implements ChatIntent {
    public Approve {
      requireNonNull(proposalId, "proposalId");
    }

    @Override
    public Kind kind() {
      return Kind.APPROVE;
    }
  }

  /** {@code reject <id>} / {@code 拒绝 <id>}, or the Reject button. */
  record Reject(String proposalId) implements ChatIntent {
    public Reject {
      requireNonNull(proposalId, "proposalId");
    }

    @Override
    public Kind kind() {
      return Kind.REJECT;
    }
  }

  /**
   * {@code link <id>} / {@code 链接 <id>}: signed one-time approval links for the sender's own
   * decision.
   */
  record Link(String proposalId) implements ChatIntent {
    public Link {
      requireNonNull(proposalId, "proposalId");
    }

    @Override
    public Kind kind() {
      return Kind.LINK;
    }
  }

  /**
   * {@code 回滚 [table] [snapshot]} / {@code rollback [table] [snapshot]}: asks for a rollback
   * proposal. Only a proposal can come of it; nothing is executed without approval.
   */
  record RollbackProposal(@Nullable String table, @Nullable Long snapshot) implements ChatIntent {
    @Override
    public Kind kind() {
      return Kind.ROLLBACK_PROPOSAL;
    }
  }

  /**
   * {@code help} / {@code 帮助}, or text that is no command.
   *
   * @param unrecognized the text that was not understood; null when help was asked for
   */
  record Help(@Nullable String unrecognized) implements ChatIntent {
    @Override
    public Kind kind() {
      return Kind.HELP;
    }
  }
}
