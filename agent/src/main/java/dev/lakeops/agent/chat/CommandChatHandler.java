package dev.lakeops.agent.chat;

import dev.lakeops.agent.incident.Incident;
import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.plan.DeterministicPlanner;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.binlog.BinlogTools;
import dev.lakeops.tools.kafka.KafkaTools;
import dev.lakeops.tools.table.TableTools;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The chat handler: interprets the command, calls the deterministic triage, the configured
 * read-only tools or the approvals port, and renders the answer in the message's language (Chinese
 * when the command was typed in Chinese). Remembers both sides in the thread.
 *
 * <p>In the thread of an incident's report, the incident is the context: {@code status} or a bare
 * {@code triage} answers with its verdict and top evidence, {@code rollback} without a table asks
 * for the rollback its triage points at, and text that is no command goes to the model (when one is
 * configured, see {@link ChatFollowUps}) with the incident's verdict as data.
 */
public final class CommandChatHandler implements ChatHandler {

  private static final Logger LOG = LoggerFactory.getLogger(CommandChatHandler.class);

  /** The alert name of a triage asked for in chat, so that it is told apart from real alerts. */
  static final String CHAT_ALERTNAME = "ChatTriageRequest";

  private final ChatCommandInterpreter interpreter = new ChatCommandInterpreter();
  private final Messages messages = new Messages();
  private final DeterministicPlanner planner;
  private final ChatTools tools;
  private final ApprovalPort approvals;
  private final ChatThreads threads;
  private final ThreadIncidents incidents;
  private final ChatFollowUps followUps;

  /** Without incident context or a model: commands only. */
  public CommandChatHandler(
      DeterministicPlanner planner, ChatTools tools, ApprovalPort approvals, ChatThreads threads) {
    this(planner, tools, approvals, threads, ThreadIncidents.none(), ChatFollowUps.none());
  }

  public CommandChatHandler(
      DeterministicPlanner planner,
      ChatTools tools,
      ApprovalPort approvals,
      ChatThreads threads,
      ThreadIncidents incidents,
      ChatFollowUps followUps) {
    this.planner = planner;
    this.tools = tools;
    this.approvals = approvals;
    this.threads = threads;
    this.incidents = incidents;
    this.followUps = followUps;
  }

  @Override
  public ChatReply handle(ChatMessage message) {
    threads.rememberMessage(message);
    ChatIntent intent = interpreter.interpret(message.text());
    Language language =
        ChatCommandInterpreter.isChinese(message.text()) ? Language.ZH_CN : message.language();
    ChatReply reply;
    try {
      reply = answer(intent, message, language, incidents.find(message));
    } catch (RuntimeException e) {
      LOG.error("Chat command {} in thread {} failed", intent.kind(), message.threadKey(), e);
      String error =
          e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
      reply =
          new ChatReply(
              intent.kind(),
              messages.get(language, "error.failed", ChatMarkdown.text(error)),
              language,
              null);
    }
    threads.rememberReply(message, reply);
    return reply;
  }

  private ChatReply answer(
      ChatIntent intent, ChatMessage message, Language language, Optional<Incident> incident) {
    if (intent instanceof ChatIntent.Status
        || intent instanceof ChatIntent.Triage t && t.job() == null) {
      return reply(
          intent,
          language,
          incident
              .map(i -> IncidentStatusMessage.render(i, language, messages))
              .orElseGet(() -> messages.get(language, "incident.none")));
    }
    if (intent instanceof ChatIntent.Triage t) {
      return reply(intent, language, triage(t.job(), message, language));
    }
    if (intent instanceof ChatIntent.Lag l) {
      String title =
          messages.get(
              language, "lag.title", l.group() == null ? "*" : ChatMarkdown.text(l.group()));
      Map<String, String> args = l.group() == null ? Map.of() : Map.of("group", l.group());
      return reply(
          intent,
          language,
          tool(title, tools.call(KafkaTools.LAG, args), "lag.not-configured", language));
    }
    if (intent instanceof ChatIntent.TableSnapshots t) {
      String title = messages.get(language, "table.title", ChatMarkdown.code(t.table()));
      return reply(
          intent,
          language,
          tool(
              title,
              tools.call(TableTools.SNAPSHOTS, Map.of("table", t.table())),
              "table.not-configured",
              language));
    }
    if (intent instanceof ChatIntent.BinlogVerify b) {
      String title = messages.get(language, "binlog.title", ChatMarkdown.code(b.file()));
      return reply(
          intent,
          language,
          tool(
              title,
              tools.call(BinlogTools.VERIFY, Map.of("path", b.file())),
              "binlog.not-configured",
              language));
    }
    if (intent instanceof ChatIntent.Approve a) {
      return approval(
          intent, approvals.approve(a.proposalId(), message), a.proposalId(), message, language);
    }
    if (intent instanceof ChatIntent.Reject r) {
      return approval(
          intent, approvals.reject(r.proposalId(), message), r.proposalId(), message, language);
    }
    if (intent instanceof ChatIntent.Link l) {
      return links(intent, approvals.links(l.proposalId(), message), language);
    }
    if (intent instanceof ChatIntent.RollbackProposal r) {
      ChatIntent.RollbackProposal asked =
          r.table() != null
              ? r
              : incident
                  .flatMap(IncidentContext::rollbackTarget)
                  .map(
                      t ->
                          new ChatIntent.RollbackProposal(
                              t.table(), r.snapshot() != null ? r.snapshot() : t.snapshot()))
                  .orElse(r);
      return approval(
          intent,
          approvals.proposeRollback(asked.table(), asked.snapshot(), message),
          null,
          message,
          language);
    }
    ChatIntent.Help help = (ChatIntent.Help) intent;
    if (help.unrecognized() != null) {
      Optional<FollowUpAnswer> answer =
          followUps.answer(message, incident.map(IncidentContext::data).orElse(Map.of()));
      if (answer.isPresent()) {
        return followUp(answer.get(), message, language);
      }
    }
    String md =
        help.unrecognized() == null
            ? messages.get(language, "help.body")
            : messages.get(language, "help.unrecognized", ChatMarkdown.code(help.unrecognized()))
                + "\n\n"
                + messages.get(language, "help.body");
    return reply(intent, language, md);
  }

  /**
   * The model's answer; when it proposed actions, they are listed as waiting for approval and the
   * first one's card (Approve/Reject, the sender's links) goes with the answer.
   */
  private ChatReply followUp(FollowUpAnswer answer, ChatMessage message, Language language) {
    if (answer.proposals().isEmpty()) {
      return new ChatReply(ChatIntent.Kind.FOLLOW_UP, answer.markdown(), language, null);
    }
    StringBuilder md = new StringBuilder(answer.markdown());
    for (String id : answer.proposals()) {
      md.append("\n").append(messages.get(language, "follow-up.proposed", ChatMarkdown.code(id)));
    }
    String first = answer.proposals().get(0);
    return new ChatReply(
        ChatIntent.Kind.FOLLOW_UP,
        md.toString(),
        language,
        card(first, approvals.links(first, message), language));
  }

  private String triage(String job, ChatMessage message, Language language) {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put("alertname", CHAT_ALERTNAME);
    labels.put("job_name", job);
    Map<String, String> annotations =
        Map.of("summary", "Triage of job " + job + " asked for in chat by " + message.userId());
    TriageReport report = planner.triage(new AlertSignal(labels, annotations));
    StringBuilder md = new StringBuilder();
    md.append(messages.get(language, "triage.title", ChatMarkdown.code(job))).append("\n\n");
    md.append(
            messages.get(
                language,
                "triage.verdict",
                ChatMarkdown.code(report.verdict().category().name()),
                report.verdict().confidence()))
        .append("\n\n");
    if (language != Language.EN) {
      md.append(messages.get(language, "triage.report-in-english")).append("\n\n");
    }
    md.append(report.toMarkdown());
    return md.toString();
  }

  private String tool(
      String title, Optional<ToolReport> report, String notConfiguredKey, Language language) {
    return report
        .map(r -> ChatMarkdown.toolReport(title, r, language, messages))
        .orElseGet(() -> "### " + title + "\n\n" + messages.get(language, notConfiguredKey));
  }

  private ChatReply approval(
      ChatIntent intent,
      ApprovalOutcome outcome,
      String typedId,
      ChatMessage message,
      Language language) {
    String id = outcome.proposalId() != null ? outcome.proposalId() : typedId;
    String key =
        "approval." + outcome.status().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    String md = messages.get(language, key, id == null ? "" : ChatMarkdown.code(id));
    if (!outcome.detail().isBlank()) {
      md = md + "\n\n" + ChatMarkdown.lines(outcome.detail());
    }
    ChatCard card = null;
    // A duplicate's card is the open proposal's: the one to act on.
    if ((outcome.status() == ApprovalOutcome.Status.PROPOSED
            || outcome.status() == ApprovalOutcome.Status.DUPLICATE)
        && outcome.proposalId() != null
        && ProposalIds.isValid(outcome.proposalId())) {
      card = card(outcome.proposalId(), approvals.links(outcome.proposalId(), message), language);
    }
    return new ChatReply(intent.kind(), md, language, card);
  }

  /** The answer to {@code link <id>}: the sender's own links on a card, or why there are none. */
  private ChatReply links(ChatIntent intent, IssuedLinks issued, Language language) {
    String id = ChatMarkdown.code(issued.proposalId());
    if (issued.status() != IssuedLinks.Status.ISSUED) {
      String key =
          "link." + issued.status().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
      String md = messages.get(language, key, id);
      return reply(
          intent,
          language,
          issued.detail().isBlank() ? md : md + "\n\n" + ChatMarkdown.text(issued.detail()));
    }
    String md = messages.get(language, "link.issued", id, ChatMarkdown.text(issued.user()));
    if (!issued.detail().isBlank()) {
      md = md + "\n\n" + ChatMarkdown.text(issued.detail());
    }
    return new ChatReply(intent.kind(), md, language, card(issued.proposalId(), issued, language));
  }

  /** A proposal's card: Approve/Reject buttons and, when issued, the sender's own signed links. */
  private ChatCard card(String proposalId, IssuedLinks issued, Language language) {
    List<ChatLink> links = new java.util.ArrayList<>();
    if (issued.status() == IssuedLinks.Status.ISSUED && issued.user() != null) {
      if (issued.approveUrl() != null) {
        links.add(
            new ChatLink(
                messages.get(language, "card.approve-link", issued.user()),
                ChatButton.Action.APPROVE,
                proposalId,
                issued.user(),
                issued.approveUrl()));
      }
      if (issued.rejectUrl() != null) {
        links.add(
            new ChatLink(
                messages.get(language, "card.reject-link", issued.user()),
                ChatButton.Action.REJECT,
                proposalId,
                issued.user(),
                issued.rejectUrl()));
      }
    }
    return new ChatCard(
        messages.get(language, "card.proposal-title", proposalId),
        List.of(
            new ChatButton(
                messages.get(language, "card.approve"), ChatButton.Action.APPROVE, proposalId),
            new ChatButton(
                messages.get(language, "card.reject"), ChatButton.Action.REJECT, proposalId)),
        links);
  }

  private static ChatReply reply(ChatIntent intent, Language language, String markdown) {
    return new ChatReply(intent.kind(), markdown, language, null);
  }
}
