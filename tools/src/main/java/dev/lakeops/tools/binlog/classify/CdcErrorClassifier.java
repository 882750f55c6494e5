package dev.lakeops.tools.binlog.classify;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Maps an error text a person pastes (a Flink CDC / Debezium stack trace, a server error, a log
 * line) to a {@link CdcErrorCategory}, the binlog coordinates written in it, and next steps. Pure
 * and total: any string, including null, empty or random bytes, gives a classification and never an
 * exception.
 *
 * <p>Only the first and last {@link #MAX_SCAN} / 2 characters of a long text are read, so the cost
 * is bounded; every pattern is linear (no nested quantifiers).
 */
public final class CdcErrorClassifier {

  static final int MAX_SCAN = 256 * 1024;
  private static final int MAX_STATEMENT = 200;

  private static final Pattern HEADER =
      Pattern.compile(
          "EventHeaderV4\\{\\s*timestamp=(\\d{1,19}),\\s*eventType=([A-Za-z_0-9]{1,40}),\\s*serverId=(\\d{1,19}),"
              + "\\s*headerLength=(\\d{1,19}),\\s*dataLength=(\\d{1,19}),\\s*nextPosition=(\\d{1,19}),\\s*flags=(\\d{1,19})");
  private static final Pattern SERVER_POSITIONS =
      Pattern.compile(
          "the first event '([^'\\n"
              + "]{0,512})' at (\\d{1,19}), the last event read from '([^'\\n"
              + "]{0,512})' at (\\d{1,19}), the last byte read from '([^'\\n"
              + "]{0,512})' at (\\d{1,19})");
  private static final Pattern ERROR_CODE =
      Pattern.compile(
          "Error code: (\\d{1,5}); SQLSTATE: ([0-9A-Z]{5})|errno = (\\d{1,5}), sqlstate ="
              + " ([0-9A-Z]{5})|ERROR (\\d{1,5}) \\(([0-9A-Z]{5})\\)|ErrorCode: (\\d{1,5})|error"
              + " code:? (\\d{1,5})|fatal error (\\d{1,5})",
          Pattern.CASE_INSENSITIVE);
  private static final Pattern MARIADB_GTID =
      Pattern.compile("start from GTID (\\d{1,10}-\\d{1,10}-\\d{1,20})");
  private static final Pattern MYSQL_MISSING =
      Pattern.compile(
          "GTID set sent by the (?:replica|slave) is '([^']{0,4096})', and the missing transactions"
              + " are '([^']{0,4096})'");
  private static final Pattern NO_LONGER_FILE =
      Pattern.compile(
          "starting at binlog file '([^'\\n"
              + "]{1,512})', pos=(\\d{1,19}), skipping (\\d{1,19}) events plus (\\d{1,19}) rows");
  private static final Pattern NO_LONGER_ANY =
      Pattern.compile(
          "trying to read binlog starting at ([^\\n]{0,2048}?), but this is no longer available");
  private static final Pattern LAST_OFFSET =
      Pattern.compile("Last offset stored = (\\{[^}\\n]{0,2048}\\}|null)");
  private static final Pattern NEAR_POSITION =
      Pattern.compile("binlog reader near position = ([^/\\s]{1,512})/(\\d{1,19})");
  private static final Pattern KEY_FILE = Pattern.compile("\\bfile=([^,}\\s]{1,512})");
  private static final Pattern KEY_POS = Pattern.compile("\\bpos=(\\d{1,19})");
  private static final Pattern KEY_GTIDS =
      Pattern.compile("\\bgtids=([^}\\s]{1,4096}?)(?:, [a-z_]{1,20}=|\\})");
  private static final Pattern KEY_EVENT = Pattern.compile("\\bevent=(\\d{1,19})");
  private static final Pattern KEY_ROW = Pattern.compile("\\brow=(\\d{1,19})");
  private static final Pattern TABLE_ID = Pattern.compile("found for table id:(\\d{1,19})");
  private static final Pattern CAUSED_BY =
      Pattern.compile("Caused by: ([A-Za-z_$][A-Za-z0-9_$.]{0,300})");

  private CdcErrorClassifier() {}

  /** Classifies {@code text}; never throws. */
  public static CdcErrorClassification classify(@Nullable String text) {
    String scanned = bounded(text == null ? "" : text);
    String lower = CdcErrorSignatures.lower(scanned);
    CdcErrorCategory category = CdcErrorCategory.UNKNOWN;
    String signature = null;
    List<CdcErrorCategory> also = new ArrayList<>();
    for (CdcErrorSignatures.Signature s : CdcErrorSignatures.ORDERED) {
      String phrase = CdcErrorSignatures.find(s, lower);
      if (phrase == null) {
        continue;
      }
      if (category == CdcErrorCategory.UNKNOWN) {
        category = s.category();
        int at = lower.indexOf(phrase);
        signature = scanned.substring(at, at + phrase.length());
      } else {
        also.add(s.category());
      }
    }
    Parsed p = parse(scanned);
    String summary = CdcErrorSignatures.SUMMARIES.get(category);
    if (category == CdcErrorCategory.UNKNOWN) {
      summary =
          scanned.isBlank()
              ? "The error text is empty: paste the exception, including its 'Caused by:' lines."
              : summary
                  + " Read "
                  + scanned.length()
                  + " characters; paste the full exception including its 'Caused by:' "
                  + "lines, or the server error with its code (e.g. 'Error code: 1236').";
    }
    return new CdcErrorClassification(
        category,
        also,
        summary,
        signature,
        p.errorCode,
        p.sqlState,
        p.file,
        p.position,
        p.lastEventPosition,
        p.lastBytePosition,
        p.gtid,
        p.gtidSet,
        p.missingGtids,
        p.header == null ? null : p.header.serverId(),
        p.tableId,
        p.header,
        p.skipEvents,
        p.skipRows,
        p.statement,
        p.rootCause,
        CdcErrorAdvice.nextSteps(category, p.file, p.position, p.header, p.gtid, p.gtidSet));
  }

  /** The values written in the text, whatever its category. */
  private static final class Parsed {
    Integer errorCode;
    String sqlState;
    String file;
    Long position;
    Long lastEventPosition;
    Long lastBytePosition;
    String gtid;
    String gtidSet;
    String missingGtids;
    Long tableId;
    PastedEventHeader header;
    Long skipEvents;
    Long skipRows;
    String statement;
    String rootCause;
  }

  private static Parsed parse(String text) {
    Parsed p = new Parsed();
    Matcher m = HEADER.matcher(text);
    if (m.find()) {
      p.header =
          new PastedEventHeader(
              num(m.group(1)),
              m.group(2),
              num(m.group(3)),
              num(m.group(4)),
              num(m.group(5)),
              num(m.group(6)),
              num(m.group(7)));
      if (p.header.eventStart() >= 0) {
        p.position = p.header.eventStart();
      }
    }
    m = ERROR_CODE.matcher(text);
    if (m.find()) {
      for (int g = 1; g <= m.groupCount(); g++) {
        if (m.group(g) != null) {
          p.errorCode = (int) num(m.group(g));
          String next = g < m.groupCount() && (g == 1 || g == 3 || g == 5) ? m.group(g + 1) : null;
          p.sqlState = next;
          break;
        }
      }
    }
    m = SERVER_POSITIONS.matcher(text);
    if (m.find()) {
      serverPositions(
          p, baseName(m.group(1)), num(m.group(2)), baseName(m.group(3)), num(m.group(4)));
      p.lastBytePosition = num(m.group(6));
    }
    m = MARIADB_GTID.matcher(text);
    if (m.find()) {
      p.gtid = m.group(1);
    }
    m = MYSQL_MISSING.matcher(text);
    if (m.find()) {
      p.gtidSet = m.group(1);
      p.missingGtids = m.group(2);
    }
    m = NO_LONGER_FILE.matcher(text);
    if (m.find()) {
      p.file = baseName(m.group(1));
      p.position = num(m.group(2));
      p.skipEvents = num(m.group(3));
      p.skipRows = num(m.group(4));
    } else if ((m = NO_LONGER_ANY.matcher(text)).find()) {
      offsetFields(p, m.group(1));
    }
    m = LAST_OFFSET.matcher(text);
    if (m.find() && p.file == null) {
      offsetFields(p, m.group(1));
    }
    m = NEAR_POSITION.matcher(text);
    if (m.find() && p.file == null) {
      p.file = baseName(m.group(1));
      p.position = num(m.group(2));
    }
    m = TABLE_ID.matcher(text);
    if (m.find()) {
      p.tableId = num(m.group(1));
    }
    p.statement = statement(text);
    m = CAUSED_BY.matcher(text);
    while (m.find()) {
      String name = m.group(1);
      p.rootCause = name.substring(name.lastIndexOf('.') + 1);
    }
    return p;
  }

  /**
   * The server names the dump's start ("first event") and where it stopped ("last event read"). The
   * event at fault is the later of the two: a CRC failure stops at the bad event after a start at
   * 4; a truncated or bogus start stops at the start itself (the server read only the FDE before
   * jumping).
   */
  private static void serverPositions(
      Parsed p, @Nullable String first, long firstAt, @Nullable String last, long lastAt) {
    p.lastEventPosition = lastAt;
    if (last != null && first != null && !last.equals(first)) {
      p.file = last; // the dump rotated past the start file
      p.position = lastAt;
    } else {
      p.file = first != null ? first : last;
      p.position = Math.max(firstAt, lastAt);
    }
  }

  /**
   * Reads {@code file=}, {@code pos=}, {@code gtids=}, {@code event=}, {@code row=} from an offset
   * map or Struct.
   */
  private static void offsetFields(Parsed p, String offset) {
    Matcher m = KEY_FILE.matcher(offset);
    if (m.find()) {
      p.file = baseName(m.group(1));
    }
    m = KEY_POS.matcher(offset);
    if (m.find()) {
      p.position = num(m.group(1));
    }
    m = KEY_GTIDS.matcher(offset);
    if (m.find() && !m.group(1).equals("null")) {
      p.gtidSet = m.group(1);
    }
    m = KEY_EVENT.matcher(offset);
    if (m.find()) {
      p.skipEvents = num(m.group(1));
    }
    m = KEY_ROW.matcher(offset);
    if (m.find()) {
      p.skipRows = num(m.group(1));
    }
  }

  private static @Nullable String statement(String text) {
    String marker = "Received DML '";
    int start = text.indexOf(marker);
    if (start < 0) {
      return null;
    }
    start += marker.length();
    int end = text.indexOf("' for processing", start);
    String sql =
        text.substring(start, end < 0 ? Math.min(text.length(), start + MAX_STATEMENT) : end);
    return sql.length() <= MAX_STATEMENT ? sql : sql.substring(0, MAX_STATEMENT - 3) + "...";
  }

  private static String bounded(String text) {
    if (text.length() <= MAX_SCAN) {
      return text;
    }
    return text.substring(0, MAX_SCAN / 2) + "\n" + text.substring(text.length() - MAX_SCAN / 2);
  }

  /**
   * The file name without its directory; null when nothing meaningful is left (empty, {@code .}).
   */
  private static @Nullable String baseName(String path) {
    int slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
    String name = slash >= 0 ? path.substring(slash + 1) : path;
    return name.isBlank() || name.equals(".") || name.equals("..") ? null : name;
  }

  /** Parses digits the patterns already bounded; saturates instead of overflowing. */
  private static long num(String digits) {
    try {
      return Long.parseLong(digits);
    } catch (NumberFormatException e) {
      return Long.MAX_VALUE;
    }
  }
}
