package dev.lakeops.agent.chat;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Understands the commands a person types, in English and Simplified Chinese, without an LLM.
 * Anything it does not understand becomes {@link ChatIntent.Help} carrying the text, so the answer
 * is the list of commands rather than a guess.
 *
 * <pre>
 * triage &lt;job&gt;                 排查 &lt;job&gt;
 * triage · status               排查 · 状态 · 进展     (in an incident's thread: that incident)
 * lag [group]                   延迟 [group] · 积压 [group]
 * table &lt;name&gt; snapshots       表 &lt;name&gt; 快照
 * binlog verify &lt;file&gt;
 * rollback [table] [snapshot]   回滚 [table] [到] [快照] [snapshot]
 * approve &lt;id&gt; · reject &lt;id&gt;   批准 &lt;id&gt; · 拒绝 &lt;id&gt;
 * link &lt;id&gt;                     链接 &lt;id&gt;
 * help                          帮助
 * </pre>
 */
public final class ChatCommandInterpreter {

  /** Longest text that is interpreted; a longer message is not a command. */
  static final int MAX_CHARS = 2000;

  private static final Pattern SLACK_MENTION = Pattern.compile("<@[A-Za-z0-9_|.-]+>");
  private static final Pattern FEISHU_MENTION = Pattern.compile("@_user_\\d+");
  private static final Pattern LEADING_AT = Pattern.compile("^@\\S+\\s+");
  private static final Pattern SLASH_COMMAND = Pattern.compile("^/[A-Za-z0-9_-]+\\s*");
  private static final Pattern TABLE_NAME = Pattern.compile("[A-Za-z0-9_.$-]{1,200}");
  private static final Pattern TOKEN = Pattern.compile("\\S{1,249}");

  private static final Pattern TRIAGE = Pattern.compile("(?i)^(?:triage\\s+|排查\\s*)(.+)$");
  private static final Pattern BARE_TRIAGE = Pattern.compile("(?i)^(?:triage|排查)$");
  private static final Pattern STATUS = Pattern.compile("(?i)^(?:status|状态|进展)$");
  private static final Pattern LAG = Pattern.compile("(?i)^(?:lag|延迟|积压)(?:\\s+(\\S+))?$");
  private static final Pattern LAG_ZH_NO_SPACE = Pattern.compile("^(?:延迟|积压)(\\S+)$");
  private static final Pattern TABLE = Pattern.compile("(?i)^table\\s+(\\S+)\\s+snapshots?$");
  private static final Pattern TABLE_ZH =
      Pattern.compile("^表\\s*([A-Za-z0-9_.$-]+)\\s*(?:的)?\\s*快照$");
  private static final Pattern BINLOG = Pattern.compile("(?i)^binlog\\s+verify\\s+(.+)$");
  private static final Pattern APPROVE =
      Pattern.compile("(?i)^(?:approve\\s+|(?:批准|同意)\\s*)(\\S+)$");
  private static final Pattern REJECT = Pattern.compile("(?i)^(?:reject\\s+|(?:拒绝|驳回)\\s*)(\\S+)$");
  private static final Pattern LINK = Pattern.compile("(?i)^(?:link\\s+|链接\\s*)(\\S+)$");
  private static final Pattern ROLLBACK =
      Pattern.compile(
          "(?i)^(?:(?:rollback|roll"
              + " back)(?=\\s|$)|回滚)(?:\\s*(?!(?i:to|snapshot)(?:\\s|$))([A-Za-z0-9_.$-]+))?(?:\\s*(?:to|到))?(?:\\s*(?:snapshot|快照))?(?:\\s*(\\d{1,18}))?$");
  private static final Pattern HELP = Pattern.compile("(?i)^(?:help|帮助|\\?|？|h)$");

  /** The intent of {@code text}; never null, never throws. */
  public ChatIntent interpret(String text) {
    String command = normalize(text);
    if (command.isEmpty() || HELP.matcher(command).matches()) {
      return new ChatIntent.Help(
          command.isEmpty() && text != null && !text.isBlank() ? text.strip() : null);
    }
    if (command.length() > MAX_CHARS) {
      return new ChatIntent.Help(command.substring(0, 100) + "...");
    }
    Matcher m;
    if ((m = APPROVE.matcher(command)).matches() && ProposalIds.isValid(m.group(1))) {
      return new ChatIntent.Approve(m.group(1));
    }
    if ((m = REJECT.matcher(command)).matches() && ProposalIds.isValid(m.group(1))) {
      return new ChatIntent.Reject(m.group(1));
    }
    if ((m = LINK.matcher(command)).matches() && ProposalIds.isValid(m.group(1))) {
      return new ChatIntent.Link(m.group(1));
    }
    if ((m = TABLE.matcher(command)).matches() && TABLE_NAME.matcher(m.group(1)).matches()) {
      return new ChatIntent.TableSnapshots(m.group(1));
    }
    if ((m = TABLE_ZH.matcher(command)).matches()) {
      return new ChatIntent.TableSnapshots(m.group(1));
    }
    if ((m = BINLOG.matcher(command)).matches()) {
      return new ChatIntent.BinlogVerify(m.group(1).strip());
    }
    if ((m = LAG.matcher(command)).matches() || (m = LAG_ZH_NO_SPACE.matcher(command)).matches()) {
      String group = m.group(1);
      return group == null || TOKEN.matcher(group).matches()
          ? new ChatIntent.Lag(group)
          : new ChatIntent.Help(command);
    }
    if ((m = ROLLBACK.matcher(command)).matches()) {
      return new ChatIntent.RollbackProposal(
          m.group(1), m.group(2) == null ? null : Long.valueOf(m.group(2)));
    }
    if (STATUS.matcher(command).matches()) {
      return new ChatIntent.Status();
    }
    if (BARE_TRIAGE.matcher(command).matches()) {
      return new ChatIntent.Triage(null);
    }
    if ((m = TRIAGE.matcher(command)).matches()) {
      String job = m.group(1).strip();
      return job.isEmpty() || job.length() > 200
          ? new ChatIntent.Help(command)
          : new ChatIntent.Triage(job);
    }
    return new ChatIntent.Help(command);
  }

  /**
   * The command inside a message: mentions of the bot and a slash-command name removed, full-width
   * spaces and line breaks made plain spaces, runs of spaces collapsed.
   */
  static String normalize(String text) {
    if (text == null) {
      return "";
    }
    String t = text.replace('\u3000', ' ').replaceAll("[\\p{Cntrl}\\s]+", " ");
    t = SLACK_MENTION.matcher(t).replaceAll(" ");
    t = FEISHU_MENTION.matcher(t).replaceAll(" ");
    t = t.strip();
    t = LEADING_AT.matcher(t).replaceFirst("");
    t = SLASH_COMMAND.matcher(t).replaceFirst("");
    return t.replaceAll(" +", " ").strip();
  }

  /**
   * True when the text is written in Chinese (has a CJK ideograph), so the answer should be too.
   */
  public static boolean isChinese(String text) {
    return text != null
        && text.codePoints()
            .anyMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN);
  }
}
