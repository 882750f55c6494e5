package dev.lakeops.tools.binlog.live;

import static dev.lakeops.tools.Checks.checkArgument;
import static java.util.Objects.requireNonNull;

import java.util.regex.Pattern;

/**
 * How to reach one MySQL/MariaDB server over JDBC. The password is never printed: {@link #toString}
 * and {@link #endpoint} leave it out, also when the URL carries one as a parameter.
 *
 * @param jdbcUrl {@code jdbc:mariadb://host:port/} or {@code jdbc:mysql://host:port/}
 * @param user the account; it needs {@code REPLICATION CLIENT} (MySQL) or {@code BINLOG MONITOR}
 *     (MariaDB)
 * @param password empty for none
 */
public record BinlogServerConnection(String jdbcUrl, String user, String password) {

  private static final Pattern SECRET_PARAM =
      Pattern.compile("(?i)((?:password|pwd|credential)[a-z0-9_]*=)[^&;]*");
  private static final Pattern USER_INFO = Pattern.compile("//[^/@?]*@");

  public BinlogServerConnection {
    requireNonNull(jdbcUrl, "jdbcUrl");
    requireNonNull(user, "user");
    requireNonNull(password, "password");
    checkArgument(
        jdbcUrl.startsWith("jdbc:mariadb://") || jdbcUrl.startsWith("jdbc:mysql://"),
        "JDBC URL %s is not jdbc:mariadb://HOST:PORT/ or jdbc:mysql://HOST:PORT/",
        sanitize(jdbcUrl));
    checkArgument(!user.isBlank(), "user is empty");
  }

  /** The URL without credentials, for reports and logs. */
  public String endpoint() {
    return sanitize(jdbcUrl);
  }

  /** Replaces passwords in a URL (parameters or user info) with {@code ***}. */
  public static String sanitize(String url) {
    String noParams = SECRET_PARAM.matcher(url).replaceAll("$1***");
    return USER_INFO.matcher(noParams).replaceAll("//***@");
  }

  /** Removes this connection's password from {@code text}, should a driver ever quote it. */
  String redact(String text) {
    String out = text == null ? "" : text;
    if (!password.isEmpty()) {
      out = out.replace(password, "***");
    }
    return sanitize(out);
  }

  @Override
  public String toString() {
    return "BinlogServerConnection[" + endpoint() + " as " + user + "]";
  }
}
