package dev.lakeops.tools.binlog.file;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Turns a {@link BinlogVerdict} into findings with stable codes. Pure. */
public final class BinlogFindings {

  public static final String OK = "binlog.ok";
  public static final String BAD_MAGIC = "binlog.bad-magic";
  public static final String TRUNCATED = "binlog.truncated";
  public static final String HEADER_INVALID = "binlog.header-invalid";
  public static final String CRC_MISMATCH = "binlog.crc-mismatch";
  public static final String BODY_INVALID = "binlog.body-invalid";
  public static final String RESTART_POSITION = "binlog.restart-position";
  public static final String RESYNC = "binlog.resync";
  public static final String STATEMENT_DML = "binlog.statement-dml";
  public static final String LOG_POS_MISMATCH = "binlog.log-pos-mismatch";
  public static final String IN_USE = "binlog.in-use";

  private BinlogFindings() {}

  public static List<Finding> of(BinlogVerdict v) {
    List<Finding> findings = new ArrayList<>();
    String subject = "binlog " + v.file();
    List<String> sources = List.of(v.file());
    Damage bad = v.firstBad();
    if (bad == null) {
      Map<String, String> e = base(v);
      e.put("restartPosition", Long.toString(v.restartPosition()));
      put(e, "lastCommittedGtid", v.lastCommittedGtid());
      e.put("gtidSet", v.gtidSet());
      boolean cut = v.endsInTransaction() && !v.inUse();
      findings.add(
          new Finding(
              cut ? Severity.WARN : Severity.OK,
              cut ? TRUNCATED : OK,
              subject,
              cut
                  ? "Every event is intact, but the file ends inside a transaction and was closed"
                      + " cleanly: its tail may be lost."
                  : "All "
                      + v.events()
                      + " events pass the header and "
                      + checksumName(v)
                      + " checks; "
                      + v.transactions()
                      + " complete transactions.",
              e,
              sources));
    } else {
      Map<String, String> e = base(v);
      e.put("offset", Long.toString(bad.offset()));
      e.put("type", bad.typeName());
      e.put("reason", bad.reason());
      if (bad.storedCrc() != null && bad.computedCrc() != null) {
        e.put("storedCrc", String.format("0x%08x", bad.storedCrc()));
        e.put("computedCrc", String.format("0x%08x", bad.computedCrc()));
      }
      e.put("damageCount", Integer.toString(v.damageCount()));
      e.put("damagedSpans", spans(v));
      findings.add(
          new Finding(
              Severity.CRITICAL,
              code(bad.kind()),
              subject,
              "First bad event at offset "
                  + bad.offset()
                  + " ("
                  + bad.typeName()
                  + "): "
                  + bad.reason()
                  + ".",
              e,
              sources));
      if (bad.kind() != Damage.Kind.BAD_MAGIC) {
        findings.add(restart(v, subject, sources));
      }
      if (v.resyncOffset() != null) {
        findings.add(resync(v, bad, subject, sources));
      }
    }
    if (v.statementDml() > 0) {
      findings.add(
          new Finding(
              Severity.WARN,
              STATEMENT_DML,
              subject,
              v.statementDml()
                  + " QUERY events carry DML: statement/mixed format, CDC will not see these rows.",
              Map.of("statementDml", Long.toString(v.statementDml())),
              sources));
    }
    if (v.logPosMismatches() > 0) {
      findings.add(
          new Finding(
              Severity.WARN,
              LOG_POS_MISMATCH,
              subject,
              v.logPosMismatches()
                  + " valid events have a log_pos that is not offset + event_size.",
              Map.of("logPosMismatches", Long.toString(v.logPosMismatches())),
              sources));
    }
    if (v.inUse()) {
      findings.add(
          new Finding(
              Severity.INFO,
              IN_USE,
              subject,
              "The FDE carries the in-use flag: the file is being written or was not closed"
                  + " cleanly.",
              Map.of(),
              sources));
    }
    return findings;
  }

  private static Finding restart(BinlogVerdict v, String subject, List<String> sources) {
    Map<String, String> e = new LinkedHashMap<>();
    e.put("restartPosition", Long.toString(v.restartPosition()));
    put(e, "lastCommittedGtid", v.lastCommittedGtid());
    e.put("gtidSet", v.gtidSet());
    put(e, "openTransaction", v.openTransaction());
    e.put("affectedTables", String.join(",", v.affectedTables()));
    String open =
        v.openTransaction() == null
            ? "no transaction was open at the damage"
            : "transaction "
                + v.openTransaction()
                + " was cut and cannot be recovered from this file";
    return new Finding(
        Severity.WARN,
        RESTART_POSITION,
        subject,
        "Safe restart: offset "
            + v.restartPosition()
            + (v.lastCommittedGtid() != null ? " after GTID " + v.lastCommittedGtid() : "")
            + "; "
            + open
            + ".",
        e,
        sources);
  }

  private static Finding resync(BinlogVerdict v, Damage bad, String subject, List<String> sources) {
    Map<String, String> e = new LinkedHashMap<>();
    e.put("resyncOffset", Long.toString(v.resyncOffset()));
    e.put("damagedBytes", Long.toString(v.damagedBytes()));
    e.put("damagedTransactions", Long.toString(v.damagedTransactions()));
    put(e, "resumeOffset", v.resumeOffset() == null ? null : Long.toString(v.resumeOffset()));
    put(e, "resumeGtid", v.resumeGtid());
    put(e, "cleanEnd", v.cleanEnd() == null ? null : Long.toString(v.cleanEnd()));
    e.put("affectedTables", String.join(",", v.affectedTables()));
    return new Finding(
        Severity.WARN,
        RESYNC,
        subject,
        "Valid events resume at offset "
            + v.resyncOffset()
            + " ("
            + (v.resyncOffset() - bad.offset())
            + " bytes lost); starting after the damage skips "
            + v.damagedTransactions()
            + " transaction(s): reconcile "
            + (v.affectedTables().isEmpty()
                ? "the affected tables"
                : String.join(", ", v.affectedTables()))
            + ".",
        e,
        sources);
  }

  /** The damaged spans as {@code offset-end} pairs, comma-separated, in file order (bounded). */
  private static String spans(BinlogVerdict v) {
    return String.join(
        ",", v.damagedSpans().stream().map(s -> s.offset() + "-" + s.end()).toList());
  }

  private static Map<String, String> base(BinlogVerdict v) {
    Map<String, String> e = new LinkedHashMap<>();
    e.put("status", v.status().name());
    e.put("bytes", Long.toString(v.length()));
    e.put("checksum", checksumName(v));
    e.put("events", Long.toString(v.events()));
    e.put("transactions", Long.toString(v.transactions()));
    put(e, "serverVersion", v.serverVersion());
    return e;
  }

  private static String checksumName(BinlogVerdict v) {
    return v.checksumAlg() == BinlogReader.CHECKSUM_CRC32 ? "CRC32" : "NONE";
  }

  private static void put(Map<String, String> e, String key, Object value) {
    if (value != null) {
      e.put(key, value.toString());
    }
  }

  private static String code(Damage.Kind kind) {
    return switch (kind) {
      case BAD_MAGIC -> BAD_MAGIC;
      case TRUNCATED -> TRUNCATED;
      case HEADER_INVALID -> HEADER_INVALID;
      case CRC_MISMATCH -> CRC_MISMATCH;
      case BODY_INVALID -> BODY_INVALID;
    };
  }
}
