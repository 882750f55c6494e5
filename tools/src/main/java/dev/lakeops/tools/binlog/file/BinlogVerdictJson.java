package dev.lakeops.tools.binlog.file;

import java.util.LinkedHashMap;
import java.util.Map;

/** The JSON shape of {@code binlog verify --json}, per file; field names are a stable contract. */
public final class BinlogVerdictJson {

  private BinlogVerdictJson() {}

  /** A map in field order, for any JSON writer. Absent values are null. */
  public static Map<String, Object> toMap(BinlogVerdict v) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("file", v.file());
    m.put("status", v.status().name());
    m.put("checksum", v.checksumAlg() == BinlogReader.CHECKSUM_CRC32 ? "CRC32" : "NONE");
    m.put("events", v.events());
    m.put("transactions", v.transactions());
    Damage bad = v.firstBad();
    if (bad == null) {
      m.put("firstBadEvent", null);
    } else {
      Map<String, Object> b = new LinkedHashMap<>();
      b.put("offset", bad.offset());
      b.put("type", bad.typeName());
      b.put("kind", bad.kind().name());
      b.put("reason", bad.reason());
      m.put("firstBadEvent", b);
    }
    m.put("restartPosition", v.restartPosition());
    m.put("lastCommittedGtid", v.lastCommittedGtid());
    m.put("gtidSet", v.gtidSet());
    m.put("openTransaction", v.openTransaction());
    m.put("resyncOffset", v.resyncOffset());
    m.put("resumeOffset", v.resumeOffset());
    m.put("resumeGtid", v.resumeGtid());
    m.put("cleanEnd", v.cleanEnd());
    m.put("damagedBytes", v.damagedBytes());
    m.put("damagedTransactions", v.damagedTransactions());
    m.put("affectedTables", v.affectedTables());
    return m;
  }
}
