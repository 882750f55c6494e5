package dev.lakeops.agent.chat;

import static dev.lakeops.tools.Checks.checkArgument;

import dev.lakeops.agent.store.SqlErrors;
import dev.lakeops.agent.store.StoreException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import javax.sql.DataSource;

/**
 * Thread memory in the {@code chat_turn} table (H2 or PostgreSQL), shared by every instance on the
 * same database and kept across restarts. Each thread keeps its last {@code turnsPerThread} turns.
 *
 * <p>A turn's {@code seq} is one more than the thread's highest, taken in the insert itself; when
 * two instances append to one thread at once, one of them hits the primary key and takes the next
 * seq, so no turn is lost or overwritten. Each append then deletes the turns more than {@code
 * turnsPerThread} behind the newest; the deletes of concurrent appends overlap harmlessly.
 */
public final class JdbcChatThreadStore implements ChatThreadStore {

  /** Longest thread key stored (the column's width); REST threads are at most 200 characters. */
  static final int MAX_KEY_CHARS = 512;

  /** Longest user id stored (the column's width). */
  static final int MAX_USER_CHARS = 256;

  /** Appends that lose the race for a seq this many times in a row give up. */
  private static final int MAX_ATTEMPTS = 50;

  private static final String INSERT =
      "INSERT INTO chat_turn (thread_key, seq, author, user_id, text, at_us) "
          + "SELECT ?, COALESCE(MAX(seq), 0) + 1, ?, ?, ?, ? FROM chat_turn WHERE thread_key = ?";
  private static final String TRIM =
      "DELETE FROM chat_turn WHERE thread_key = ? "
          + "AND seq <= (SELECT MAX(seq) FROM chat_turn WHERE thread_key = ?) - ?";

  private final DataSource dataSource;
  private final int turnsPerThread;

  public JdbcChatThreadStore(DataSource dataSource, int turnsPerThread) {
    checkArgument(
        turnsPerThread > 0, "Invalid turns per thread: %s (must be positive)", turnsPerThread);
    this.dataSource = dataSource;
    this.turnsPerThread = turnsPerThread;
  }

  @Override
  public void append(String threadKey, ChatTurn turn) {
    checkArgument(
        threadKey.length() <= MAX_KEY_CHARS,
        "Invalid thread key: %s characters (at most %s)",
        threadKey.length(),
        MAX_KEY_CHARS);
    String user =
        turn.userId().length() <= MAX_USER_CHARS
            ? turn.userId()
            : turn.userId().substring(0, MAX_USER_CHARS);
    try (Connection c = dataSource.getConnection()) {
      insert(c, threadKey, turn, user);
      try (PreparedStatement s = c.prepareStatement(TRIM)) {
        s.setString(1, threadKey);
        s.setString(2, threadKey);
        s.setLong(3, turnsPerThread);
        s.executeUpdate();
      }
    } catch (SQLException e) {
      throw SqlErrors.wrap("append to chat thread " + threadKey, e);
    }
  }

  private static void insert(Connection c, String threadKey, ChatTurn turn, String user)
      throws SQLException {
    for (int attempt = 1; ; attempt++) {
      try (PreparedStatement s = c.prepareStatement(INSERT)) {
        s.setString(1, threadKey);
        s.setString(2, turn.author().name());
        s.setString(3, user);
        s.setString(4, turn.text());
        s.setLong(5, micros(turn.at()));
        s.setString(6, threadKey);
        s.executeUpdate();
        return;
      } catch (SQLException e) {
        if (!SqlErrors.isUniqueViolation(e)) {
          throw e;
        }
        if (attempt == MAX_ATTEMPTS) {
          throw new StoreException(
              "Could not append to chat thread "
                  + threadKey
                  + ": "
                  + MAX_ATTEMPTS
                  + " appends in a row lost the race for the next turn number",
              e);
        }
        backOff(attempt);
      }
    }
  }

  /** A few random milliseconds, growing with the attempts, so that racing appends spread out. */
  private static void backOff(int attempt) {
    try {
      Thread.sleep(
          java.util.concurrent.ThreadLocalRandom.current().nextInt(Math.min(attempt, 10) + 1));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new StoreException("Interrupted while appending to a chat thread", e);
    }
  }

  @Override
  public List<ChatTurn> recent(String threadKey, int limit) {
    if (limit <= 0) {
      return List.of();
    }
    String sql =
        "SELECT author, user_id, text, at_us FROM chat_turn WHERE thread_key = ? ORDER BY seq DESC"
            + " LIMIT ?";
    try (Connection c = dataSource.getConnection();
        PreparedStatement s = c.prepareStatement(sql)) {
      s.setString(1, threadKey);
      s.setInt(2, Math.min(limit, turnsPerThread));
      try (ResultSet rs = s.executeQuery()) {
        List<ChatTurn> turns = new ArrayList<>();
        while (rs.next()) {
          turns.add(
              new ChatTurn(
                  ChatTurn.Author.valueOf(rs.getString(1)),
                  rs.getString(2),
                  rs.getString(3),
                  Instant.EPOCH.plus(rs.getLong(4), ChronoUnit.MICROS)));
        }
        Collections.reverse(turns);
        return List.copyOf(turns);
      }
    } catch (SQLException e) {
      throw SqlErrors.wrap("read chat thread " + threadKey, e);
    }
  }

  @Override
  public int forgetBefore(Instant cutoff) {
    try (Connection c = dataSource.getConnection();
        PreparedStatement s = c.prepareStatement("DELETE FROM chat_turn WHERE at_us < ?")) {
      s.setLong(1, micros(cutoff));
      return s.executeUpdate();
    } catch (SQLException e) {
      throw SqlErrors.wrap("delete chat turns written before " + cutoff, e);
    }
  }

  private static long micros(Instant instant) {
    return ChronoUnit.MICROS.between(Instant.EPOCH, instant);
  }
}
