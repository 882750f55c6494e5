package dev.lakeops.tools.binlog.file;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Judges one file from what {@link BinlogReader} reported: a pure fold over events and damage, with
 * memory bounded by caps, never by the file's size. Call {@link #verdict()} after the reader ends.
 */
public final class BinlogIntegrityAnalyzer implements BinlogVisitor {

  private static final int MAX_DOMAINS = 4096;
  private static final int MAX_AFFECTED_TABLES = 64;

  private final TransactionTracker tracker = new TransactionTracker();

  /** Per domain, the last GTID: text from GTID_LIST, or the GTID event of a transaction. */
  private final Map<Long, GtidSlot> domainGtids = new LinkedHashMap<>();

  private static final class GtidSlot {
    final long domain;
    Object gtid;

    GtidSlot(long domain, Object gtid) {
      this.domain = domain;
      this.gtid = gtid;
    }
  }

  private final Set<String> affectedTables = new LinkedHashSet<>();
  private final List<BinlogVerdict.Span> spans = new ArrayList<>();
  private String file = "";
  private long length;
  private int checksumAlg = BinlogReader.CHECKSUM_CRC32;
  private @Nullable String serverVersion;
  private @Nullable String previousGtids;
  private long events;
  private long transactions;
  private long restartPosition = 4;
  private @Nullable EventBody lastCommittedGtid;
  private @Nullable GtidSlot lastDomain;
  private @Nullable Damage firstBad;
  private int damageCount;
  private String gtidSetAtDamage = "";
  private @Nullable String openTransaction;
  private @Nullable Long resumeOffset;
  private @Nullable String resumeGtid;
  private @Nullable Long cleanEnd;
  private long damagedBytes;
  private long damagedTransactions;
  private long statementDml;
  private long logPosMismatches;
  private boolean inUse;

  @Override
  public void start(String file, long length) {
    this.file = file;
    this.length = length;
  }

  @Override
  public void event(BinlogEvent event) {
    events++;
    EventHeader header = event.header();
    EventBody body = event.body();
    if (!header.logPosConsistent()) {
      logPosMismatches++;
    }
    if (body instanceof EventBody.FormatDescription f) {
      serverVersion = f.serverVersion();
      inUse = (header.flags() & EventHeader.FLAG_IN_USE) != 0;
    } else if (body instanceof EventBody.MariadbGtidList l && firstBad == null) {
      for (String gtid : l.gtids()) {
        recordDomain(gtid);
      }
    } else if (body instanceof EventBody.MysqlPreviousGtids p) {
      previousGtids = p.gtidSet();
    } else if (body instanceof EventBody.Query q && TransactionTracker.isStatementDml(q)) {
      statementDml++;
    }
    TransactionTracker.Ended ended = tracker.accept(event);
    if (ended != null) {
      ended(ended);
    }
    if (firstBad != null && resumeOffset == null && tracker.beganCleanlyAt(header.offset())) {
      resumeOffset = header.offset();
      resumeGtid = tracker.gtid();
    } else if (firstBad == null
        && !tracker.isOpen()
        && ended == null
        && isSafeOutsideTransaction(body)) {
      restartPosition = header.end();
    }
    if (firstBad != null && !tracker.isOpen()) {
      cleanEnd = header.end();
    }
  }

  private void ended(TransactionTracker.Ended ended) {
    if (ended.damaged()) {
      damagedTransactions++;
      addAffected(ended.tables());
      return;
    }
    if (firstBad == null) {
      transactions++;
      restartPosition = ended.end();
      lastCommittedGtid = ended.gtidEvent();
      if (ended.gtidEvent() instanceof EventBody.MariadbGtid g) {
        recordDomain(g.domainId(), g);
      }
    }
  }

  private static boolean isSafeOutsideTransaction(EventBody body) {
    return body instanceof EventBody.FormatDescription
        || body instanceof EventBody.MariadbGtidList
        || body instanceof EventBody.MysqlPreviousGtids
        || body instanceof EventBody.BinlogCheckpoint;
  }

  /** Integrity never reads the SQL of ANNOTATE_ROWS. */
  @Override
  public boolean wantsStatementText() {
    return false;
  }

  @Override
  public void damage(Damage damage) {
    damageCount++;
    long spanEnd = damage.resyncOffset() != null ? damage.resyncOffset() : length;
    damagedBytes += Math.max(0, spanEnd - damage.offset());
    if (spans.size() < BinlogVerdict.MAX_SPANS) {
      spans.add(new BinlogVerdict.Span(damage.offset(), Math.max(damage.offset(), spanEnd)));
    }
    boolean wasOpen = tracker.isOpen();
    Set<String> tablesBefore = new LinkedHashSet<>(tracker.tables());
    String cut = tracker.damage();
    if (firstBad == null) {
      firstBad = damage;
      openTransaction = cut;
      gtidSetAtDamage = gtidSet();
      if (wasOpen) {
        addAffected(tablesBefore);
      }
    }
  }

  @Override
  public void end(int checksumAlg) {
    this.checksumAlg = checksumAlg;
    TransactionTracker.Ended cut = tracker.finish();
    if (cut != null) {
      ended(cut);
    }
  }

  /** The conclusion; call after {@link #end}. */
  public BinlogVerdict verdict() {
    BinlogVerdict.Status status =
        firstBad == null
            ? BinlogVerdict.Status.OK
            : firstBad.kind() == Damage.Kind.TRUNCATED && damageCount == 1
                ? BinlogVerdict.Status.TRUNCATED
                : BinlogVerdict.Status.CORRUPT;
    boolean endsInTransaction = firstBad == null && tracker.isOpen();
    if (endsInTransaction && !inUse) {
      // Every event is intact, but a closed file never ends inside a transaction: its tail is lost.
      status = BinlogVerdict.Status.TRUNCATED;
    }
    return new BinlogVerdict(
        file,
        length,
        status,
        checksumAlg,
        serverVersion,
        events,
        transactions,
        firstBad,
        damageCount,
        restartPosition,
        TransactionTracker.gtidText(lastCommittedGtid),
        firstBad == null ? gtidSet() : gtidSetAtDamage,
        openTransaction,
        firstBad == null ? null : firstBad.resyncOffset(),
        resumeOffset,
        resumeGtid,
        cleanEnd,
        damagedBytes,
        damagedTransactions,
        new ArrayList<>(affectedTables),
        statementDml,
        logPosMismatches,
        inUse,
        endsInTransaction,
        spans);
  }

  private void recordDomain(long domain, Object gtid) {
    // Consecutive transactions are nearly always of one domain: overwrite it without a lookup.
    GtidSlot slot = lastDomain;
    if (slot == null || slot.domain != domain) {
      slot = domainGtids.get(domain);
      if (slot == null) {
        if (domainGtids.size() >= MAX_DOMAINS) {
          return;
        }
        slot = new GtidSlot(domain, gtid);
        domainGtids.put(domain, slot);
      }
      lastDomain = slot;
    }
    slot.gtid = gtid;
  }

  private void recordDomain(String gtid) {
    int dash = gtid.indexOf('-');
    if (dash <= 0) {
      return;
    }
    try {
      long domain = Long.parseLong(gtid, 0, dash, 10);
      recordDomain(domain, gtid);
    } catch (NumberFormatException e) {
      // not a MariaDB GTID; nothing to record
    }
  }

  private String gtidSet() {
    if (!domainGtids.isEmpty()) {
      StringBuilder set = new StringBuilder();
      for (GtidSlot slot : domainGtids.values()) {
        set.append(set.isEmpty() ? "" : ",")
            .append(slot.gtid instanceof EventBody.MariadbGtid g ? g.gtid() : slot.gtid);
      }
      return set.toString();
    }
    return previousGtids != null ? previousGtids : "";
  }

  private void addAffected(Collection<String> tables) {
    for (String table : tables) {
      if (affectedTables.size() < MAX_AFFECTED_TABLES) {
        affectedTables.add(table);
      }
    }
  }
}
