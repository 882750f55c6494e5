package dev.lakeops.agent.report;

import dev.lakeops.agent.store.Database;
import dev.lakeops.agent.store.SqlErrors;
import dev.lakeops.agent.store.Transactions;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Which chat thread holds each incident's report, both ways, in the {@code report_thread} table:
 * kept across restarts and shared by every instance on the same database. A thread key is the
 * {@link dev.lakeops.agent.chat.ChatMessage#threadKey()} of a message in that thread, {@code
 * slack:<channel>:<ts>} or {@code feishu:<chat_id>:<message_id>}, so a chat message in the thread
 * finds its incident with {@link #incidentFor}.
 *
 * <p>A row is claimed ({@link #claim}) before the report is posted, so an incident's report is
 * posted once however often its triage is seen and however many instances see it.
 */
@Singleton
public final class ReportThreads {

  private final DataSource dataSource;
  private final Clock clock;

  @Inject
  public ReportThreads(Database database, Clock clock) {
    this(database.dataSource(), clock);
  }

  public ReportThreads(DataSource dataSource, Clock clock) {
    this.dataSource = dataSource;
    this.clock = clock;
  }

  /** The key of a Slack thread: its channel id and the {@code ts} of its first message. */
  public static String slackKey(String channel, String ts) {
    return "slack:" + channel + ":" + ts;
  }

  /** The key of a Feishu thread: its chat id and the id of its first (root) message. */
  public static String feishuKey(String chatId, String messageId) {
    return "feishu:" + chatId + ":" + messageId;
  }

  /**
   * Claims the post of {@code incidentId}'s report on {@code platform}.
   *
   * @return true for the first claim of that incident; false when it was claimed before, by this or
   *     another instance, even before a restart
   */
  public boolean claim(String incidentId, String platform) {
    String sql =
        "INSERT INTO report_thread (incident_id, thread_key, platform, posted_at_us) VALUES (?,"
            + " NULL, ?, ?)";
    try (Connection c = dataSource.getConnection();
        PreparedStatement s = c.prepareStatement(sql)) {
      s.setString(1, incidentId);
      s.setString(2, platform);
      s.setLong(3, micros(clock.instant()));
      s.executeUpdate();
      return true;
    } catch (SQLException e) {
      if (SqlErrors.isUniqueViolation(e)) {
        return false;
      }
      throw SqlErrors.wrap("claim the report post of incident " + incidentId, e);
    }
  }

  /** Remembers that {@code threadKey} holds the report of {@code incidentId}, posted now. */
  public void remember(String incidentId, String threadKey) {
    String platform = threadKey.substring(0, Math.max(0, threadKey.indexOf(':')));
    try (Connection c = dataSource.getConnection()) {
      try (PreparedStatement s =
          c.prepareStatement(
              "UPDATE report_thread SET thread_key = ?, posted_at_us = ? WHERE incident_id = ?")) {
        s.setString(1, threadKey);
        s.setLong(2, micros(clock.instant()));
        s.setString(3, incidentId);
        if (s.executeUpdate() == 1) {
          return;
        }
      }
      try (PreparedStatement s =
          c.prepareStatement(
              "INSERT INTO report_thread (incident_id, thread_key, platform, posted_at_us) VALUES"
                  + " (?, ?, ?, ?)")) {
        s.setString(1, incidentId);
        s.setString(2, threadKey);
        s.setString(3, platform.isEmpty() ? "unknown" : platform);
        s.setLong(4, micros(clock.instant()));
        s.executeUpdate();
      }
    } catch (SQLException e) {
      throw SqlErrors.wrap("remember thread " + threadKey + " of incident " + incidentId, e);
    }
  }

  /**
   * The thread {@code incidentId}'s report started, and when it was posted; empty when the report
   * was not posted, its post failed or is under way, or its channel has no threads.
   */
  public Optional<ReportThread> reportOf(String incidentId) {
    String sql =
        "SELECT platform, thread_key, posted_at_us FROM report_thread WHERE incident_id = ? AND"
            + " thread_key IS NOT NULL";
    try (Connection c = dataSource.getConnection();
        PreparedStatement s = c.prepareStatement(sql)) {
      s.setString(1, incidentId);
      try (ResultSet rs = s.executeQuery()) {
        return rs.next()
            ? Optional.of(
                new ReportThread(
                    rs.getString(1),
                    rs.getString(2),
                    Instant.EPOCH.plus(rs.getLong(3), ChronoUnit.MICROS)))
            : Optional.empty();
      }
    } catch (SQLException e) {
      throw SqlErrors.wrap("find the report thread of incident " + incidentId, e);
    }
  }

  public Optional<String> threadOf(String incidentId) {
    return one(
        "find the thread of incident " + incidentId,
        "SELECT thread_key FROM report_thread WHERE incident_id = ? AND thread_key IS NOT NULL",
        incidentId);
  }

  /** The incident whose report started the thread {@code threadKey}. */
  public Optional<String> incidentFor(String threadKey) {
    return one(
        "find the incident of thread " + threadKey,
        "SELECT incident_id FROM report_thread WHERE thread_key = ?",
        threadKey);
  }

  /**
   * Forgets the report rows of incidents that no longer exist, and the chat turns of their threads;
   * returns how many rows were forgotten. Incident retention calls it after deleting incidents.
   */
  public int forgetDeletedIncidents() {
    String orphans =
        "SELECT r.thread_key FROM report_thread r WHERE r.thread_key IS NOT NULL "
            + "AND NOT EXISTS (SELECT 1 FROM incident i WHERE i.id = r.incident_id)";
    return Transactions.run(
        dataSource,
        "forget the report threads of deleted incidents",
        c -> {
          try (PreparedStatement s =
              c.prepareStatement("DELETE FROM chat_turn WHERE thread_key IN (" + orphans + ")")) {
            s.executeUpdate();
          }
          int forgotten;
          try (PreparedStatement s =
              c.prepareStatement(
                  "DELETE FROM report_thread WHERE NOT EXISTS (SELECT 1 FROM incident i WHERE i.id"
                      + " = report_thread.incident_id)")) {
            forgotten = s.executeUpdate();
          }
          return forgotten;
        });
  }

  private Optional<String> one(String what, String sql, String arg) {
    try (Connection c = dataSource.getConnection();
        PreparedStatement s = c.prepareStatement(sql)) {
      s.setString(1, arg);
      try (ResultSet rs = s.executeQuery()) {
        return rs.next() ? Optional.ofNullable(rs.getString(1)) : Optional.empty();
      }
    } catch (SQLException e) {
      throw SqlErrors.wrap(what, e);
    }
  }

  private static long micros(Instant instant) {
    return ChronoUnit.MICROS.between(Instant.EPOCH, instant);
  }
}
