package dev.lakeops.tools.binlog.plan;

import static java.util.Objects.requireNonNull;

import dev.lakeops.tools.binlog.file.BinlogVerdict;
import dev.lakeops.tools.binlog.file.Damage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Turns the verdicts of one or several consecutive binlog files into recovery options for a Flink
 * CDC MySQL source that failed on the first damage (binlog.md §10.2, §11). Pure: no I/O, same
 * input, same plan. Honest about loss: an option is "no loss" only when the replica's GTID sets
 * prove it.
 */
public final class BinlogRecoveryPlanner {

  /**
   * Added on both sides of a reconciliation window: binlog timestamps are whole seconds of
   * statement start.
   */
  public static final Duration MARGIN = Duration.ofMinutes(1);

  private BinlogRecoveryPlanner() {}

  /**
   * What the planner is given.
   *
   * @param files the files in server order (e.g. mysql-bin.000041, mysql-bin.000042)
   * @param replicaExecuted a healthy replica's (or the primary's) executed set: MySQL
   *     {@code @@gtid_executed}, MariaDB {@code @@gtid_binlog_pos}; null when unknown
   * @param replicaPurged that server's purged set: MySQL {@code @@gtid_purged}, MariaDB the
   *     GTID_LIST of its oldest binlog; null when unknown (then purge is an unchecked precondition)
   * @param connectorOffset the CDC source's stored offset, null when unknown
   */
  public record Request(
      List<FileEvidence> files,
      @Nullable GtidSet replicaExecuted,
      @Nullable GtidSet replicaPurged,
      @Nullable ConnectorOffset connectorOffset) {
    public Request {
      files = List.copyOf(files);
    }
  }

  /** Plans from verdicts alone (no time window, no event counts). */
  public static RecoveryPlan plan(List<BinlogVerdict> verdicts) {
    return plan(new Request(verdicts.stream().map(FileEvidence::of).toList(), null, null, null));
  }

  /**
   * Plans around the first damaged file.
   *
   * @throws IllegalArgumentException no files were given
   */
  public static RecoveryPlan plan(Request request) {
    requireNonNull(request, "request");
    if (request.files().isEmpty()) {
      throw new IllegalArgumentException("No binlog files to plan over: give at least one file");
    }
    List<String> names = request.files().stream().map(FileEvidence::fileName).toList();
    List<String> warnings = new ArrayList<>();
    int damaged = -1;
    for (int i = 0; i < request.files().size(); i++) {
      BinlogVerdict v = request.files().get(i).verdict();
      if (v.statementDml() > 0) {
        warnings.add(
            names.get(i)
                + " holds "
                + v.statementDml()
                + " statement-format DML events: CDC does not see "
                + "those rows whatever the restart; reconcile the tables they wrote.");
      }
      if (v.firstBad() != null) {
        if (damaged < 0) {
          damaged = i;
        } else {
          warnings.add(
              names.get(i)
                  + " is damaged too (first bad event at "
                  + v.firstBad().offset()
                  + "): a restart past the first damage fails again there; plan it separately.");
        }
      }
    }
    if (damaged < 0) {
      return new RecoveryPlan(
          names,
          RecoveryPlan.Status.CLEAN,
          null,
          null,
          null,
          List.of(),
          null,
          List.of(
              "No damage in "
                  + String.join(", ", names)
                  + ": every event passes its header and CRC checks. The CDC failure is not in"
                  + " these files; classify its error text with ./lakeops binlog classify."));
    }
    Gap gap = Gap.of(request.files(), damaged);
    BinlogVerdict v = gap.verdict;
    if (v.firstBad().kind() == Damage.Kind.TRUNCATED
        && v.inUse()
        && damaged == request.files().size() - 1) {
      warnings.add(
          gap.name
              + " is in use (FDE in-use flag) and ends inside an event: it may simply be a copy"
              + " taken while the server was writing. Copy it again after FLUSH BINARY LOGS before"
              + " acting on this plan.");
    }
    if (v.damageCount() > 1) {
      warnings.add(
          gap.name
              + " has "
              + v.damageCount()
              + " damaged spans; this plan covers the first one at "
              + v.firstBad().offset()
              + ".");
    }
    Loss loss = Loss.of(gap);
    ReplicaCheck replica =
        ReplicaChecks.check(gap, loss, request.replicaExecuted(), request.replicaPurged());
    List<RecoveryOption> options = new ArrayList<>();
    options.add(RecoveryOptions.readFromReplica(gap, loss, replica));
    options.add(RecoveryOptions.specificOffsetAfterDamage(gap, loss));
    RecoveryOption gtid = RecoveryOptions.gtidSetAfterDamage(gap, loss);
    if (gtid != null) {
      options.add(gtid);
    }
    options.add(RecoveryOptions.timestampAfterDamage(gap, loss));
    options.add(RecoveryOptions.skipWithWarn(gap, loss));
    return new RecoveryPlan(
        names,
        RecoveryPlan.Status.DAMAGED,
        gap.toRecord(),
        Offsets.relation(request.connectorOffset(), gap, names),
        replica,
        options,
        Backfills.of(loss),
        warnings);
  }

  /** The first damage and the safe positions around it, in planner terms. */
  static final class Gap {
    final List<FileEvidence> files;
    final int index;
    final BinlogVerdict verdict;
    final EventTimes times;
    final String name;
    final Damage bad;
    final @Nullable String resumeFile;
    final @Nullable Long resumePosition;
    final @Nullable String resumeGtid;
    final @Nullable FileEvidence next;

    private Gap(List<FileEvidence> files, int index) {
      this.files = files;
      this.index = index;
      FileEvidence e = files.get(index);
      this.verdict = e.verdict();
      this.times = e.times();
      this.name = e.fileName();
      this.bad = verdict.firstBad();
      this.next = index + 1 < files.size() ? files.get(index + 1) : null;
      if (verdict.resumeOffset() != null && bad.kind() != Damage.Kind.BAD_MAGIC) {
        resumeFile = name;
        resumePosition = verdict.resumeOffset();
        resumeGtid = verdict.resumeGtid();
      } else if (next != null) {
        resumeFile = next.fileName();
        resumePosition = 4L; // the next file's FDE: every file starts clean
        resumeGtid = null;
      } else {
        resumeFile = null;
        resumePosition = null;
        resumeGtid = null;
      }
    }

    static Gap of(List<FileEvidence> files, int index) {
      return new Gap(files, index);
    }

    boolean resumeInSameFile() {
      return name.equals(resumeFile);
    }

    RecoveryPlan.Gap toRecord() {
      return new RecoveryPlan.Gap(
          name,
          bad.offset(),
          bad.typeName(),
          bad.kind().name(),
          bad.reason(),
          verdict.restartPosition(),
          verdict.lastCommittedGtid(),
          verdict.gtidSet(),
          verdict.resyncOffset(),
          resumeFile,
          resumePosition,
          resumeGtid,
          verdict.openTransaction());
    }

    String restartText() {
      return name + ":" + verdict.restartPosition();
    }

    String resumeText() {
      return resumeFile == null
          ? "(no transaction start after the damage in the files given)"
          : resumeFile + ":" + resumePosition;
    }
  }

  /** Options whose values the planner derived, as connector option maps. */
  static Map<String, String> specificOffset(String file, long position) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put(FlinkCdcOptions.STARTUP_MODE, FlinkCdcOptions.SPECIFIC_OFFSET);
    m.put(FlinkCdcOptions.OFFSET_FILE, file);
    m.put(FlinkCdcOptions.OFFSET_POS, Long.toString(position));
    return m;
  }

  static Map<String, String> gtidOffset(String gtidSet) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put(FlinkCdcOptions.STARTUP_MODE, FlinkCdcOptions.SPECIFIC_OFFSET);
    m.put(FlinkCdcOptions.OFFSET_GTID_SET, gtidSet);
    return m;
  }
}
