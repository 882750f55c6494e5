package dev.lakeops.agent.report;

import dev.lakeops.agent.chat.ChatThreadStore;
import dev.lakeops.agent.chat.ChatTurn;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * An incident's conversation, for the console and the incident API: the thread its report started
 * ({@link ReportThreads}) and the REST threads named after it ({@code <id>}, {@code
 * incident-<id>}), their turns merged by time. Only the newest {@link #SHOWN} turns are returned.
 */
@Singleton
public final class IncidentConversations {

  /** Most turns returned for one incident. */
  public static final int SHOWN = 50;

  private final ReportThreads reportThreads;
  private final ChatThreadStore turns;

  @Inject
  public IncidentConversations(ReportThreads reportThreads, ChatThreadStore turns) {
    this.reportThreads = reportThreads;
    this.turns = turns;
  }

  public IncidentConversation of(String incidentId) {
    ReportThread report = reportThreads.reportOf(incidentId).orElse(null);
    Set<String> keys = new LinkedHashSet<>();
    if (report != null) {
      keys.add(report.threadKey());
    }
    keys.addAll(ReportThreadIncidents.restThreadKeys(incidentId));
    List<ChatTurn> all = new ArrayList<>();
    for (String key : keys) {
      all.addAll(turns.recent(key, SHOWN + 1));
    }
    // Stable: turns of one thread written in the same microsecond keep their order.
    all.sort(Comparator.comparing(ChatTurn::at));
    boolean older = all.size() > SHOWN;
    return new IncidentConversation(
        report, older ? all.subList(all.size() - SHOWN, all.size()) : all, older);
  }
}
