package dev.lakeops.tools.binlog.live;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Judges a server's binlog settings for CDC and, given a connector's stored offset, whether the
 * server still has (and will keep) the binlog it needs. Pure: snapshot in, findings out.
 */
public final class BinlogServerAnalyzer {

  public static final String OK = "binlog.server.ok";
  public static final String BINLOGS = "binlog.server.binlogs";
  public static final String LOG_BIN_OFF = "binlog.server.log-bin-off";
  public static final String FORMAT_NOT_ROW = "binlog.server.format-not-row";
  public static final String ROW_IMAGE_NOT_FULL = "binlog.server.row-image-not-full";
  public static final String CHECKSUM_NONE = "binlog.server.checksum-none";
  public static final String PURGE_RISK = "binlog.server.purge-risk";
  public static final String OFFSET_UNKNOWN = "binlog.server.offset-unknown";

  private final PurgeRiskCheck purge;

  /**
   * @param nearFraction a file/pos offset counts as near expiry when this share of the server's
   *     binlog bytes (or more) lies after it, or when it is in the oldest of several files
   */
  public BinlogServerAnalyzer(double nearFraction) {
    this.purge = new PurgeRiskCheck(nearFraction);
  }

  public static BinlogServerAnalyzer defaults() {
    return new BinlogServerAnalyzer(0.8);
  }

  public List<Finding> analyze(BinlogServerSnapshot s, @Nullable ConnectorOffset offset) {
    List<Finding> findings = new ArrayList<>();
    String subject = "server " + s.endpoint();
    List<String> sources = List.of(s.endpoint() + " SHOW GLOBAL VARIABLES");
    if (!"ON".equalsIgnoreCase(s.variable("log_bin").orElse("OFF"))) {
      findings.add(
          new Finding(
              Severity.CRITICAL,
              LOG_BIN_OFF,
              subject,
              "Binary logging is off (log_bin="
                  + s.variable("log_bin").orElse("?")
                  + "): there is no binlog for CDC to read; "
                  + "start the server with log-bin and server-id.",
              Map.of("log_bin", s.variable("log_bin").orElse("?"), "version", s.version()),
              sources));
      return findings;
    }
    findings.add(binlogs(s, subject));
    String format = s.variable("binlog_format").orElse("?").toUpperCase(Locale.ROOT);
    if (!format.equals("ROW")) {
      findings.add(
          new Finding(
              Severity.CRITICAL,
              FORMAT_NOT_ROW,
              subject,
              "binlog_format is "
                  + format
                  + ", not ROW: DML logged as statements is invisible to CDC (Flink CDC fails with"
                  + " 'binlog probably contains events generated with statement or mixed based"
                  + " replication format'). Set binlog_format=ROW globally and in the server's"
                  + " configuration; sessions can still override it.",
              Map.of("binlog_format", format),
              sources));
    }
    String image = s.variable("binlog_row_image").orElse("FULL").toUpperCase(Locale.ROOT);
    if (!image.equals("FULL")) {
      findings.add(
          new Finding(
              Severity.WARN,
              ROW_IMAGE_NOT_FULL,
              subject,
              "binlog_row_image is "
                  + image
                  + ", not FULL: update and delete events carry only some columns, so CDC"
                  + " before-images (and after-images with FULL_NODUP/NOBLOB) are incomplete. Set"
                  + " binlog_row_image=FULL.",
              Map.of("binlog_row_image", image),
              sources));
    }
    String checksum = s.variable("binlog_checksum").orElse("?").toUpperCase(Locale.ROOT);
    if (checksum.equals("NONE")) {
      findings.add(
          new Finding(
              Severity.WARN,
              CHECKSUM_NONE,
              subject,
              "binlog_checksum is NONE: a corrupted event cannot be detected by the server, the"
                  + " connector or lakeops; damaged rows reach the lake silently. Set"
                  + " binlog_checksum=CRC32 (it rotates the binlog).",
              Map.of(
                  "binlog_checksum",
                  checksum,
                  "master_verify_checksum",
                  s.variable("master_verify_checksum").orElse("?")),
              sources));
    }
    if (offset != null) {
      findings.addAll(purge.check(s, offset, subject));
    }
    if (findings.stream().noneMatch(f -> f.severity().compareTo(Severity.WARN) >= 0)) {
      Map<String, String> e = new LinkedHashMap<>();
      e.put("binlog_format", format);
      e.put("binlog_row_image", image);
      e.put("binlog_checksum", checksum);
      if (offset != null) {
        e.put("offset", offset.toString());
      }
      findings.add(
          new Finding(
              Severity.OK,
              OK,
              subject,
              "Binlog settings suit CDC (ROW, FULL images, "
                  + checksum
                  + " checksums)"
                  + (offset == null ? "" : " and the offset " + offset + " is still on the server")
                  + ".",
              e,
              sources));
    }
    return findings;
  }

  private static Finding binlogs(BinlogServerSnapshot s, String subject) {
    Map<String, String> e = new LinkedHashMap<>();
    e.put("version", s.version());
    e.put("files", Integer.toString(s.binaryLogs().size()));
    e.put("totalBytes", Long.toString(s.totalBinlogBytes()));
    if (!s.binaryLogs().isEmpty()) {
      e.put("oldest", s.binaryLogs().get(0).name());
    }
    if (s.status() != null) {
      e.put("current", s.status().file() + ":" + s.status().position());
    }
    for (String name :
        List.of(
            "server_id",
            "gtid_binlog_pos",
            "gtid_current_pos",
            "gtid_strict_mode",
            "gtid_mode",
            "gtid_executed",
            "gtid_purged",
            "expire_logs_days",
            "binlog_expire_logs_seconds")) {
      s.variable(name).filter(v -> !v.isBlank()).ifPresent(v -> e.put(name, v));
    }
    if (s.oldestGtidList() != null) {
      e.put("oldestGtidList", s.oldestGtidList());
    }
    long retention = PurgeRiskCheck.retentionSeconds(s);
    String summary =
        s.binaryLogs().size()
            + " binlog files, "
            + s.totalBinlogBytes()
            + " bytes"
            + (s.status() == null
                ? ""
                : "; writing at " + s.status().file() + ":" + s.status().position())
            + (retention > 0 ? "; files expire after " + retention + " s" : "; no automatic expiry")
            + ".";
    return new Finding(
        Severity.INFO, BINLOGS, subject, summary, e, List.of(s.endpoint() + " SHOW BINARY LOGS"));
  }
}
