package dev.lakeops.agent.chat;

import dev.lakeops.table.store.TableNotFoundException;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.system.TableMetadata;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.ToolReports;
import dev.lakeops.tools.binlog.BinlogTools;
import dev.lakeops.tools.kafka.KafkaCluster;
import dev.lakeops.tools.kafka.KafkaLagSnapshot;
import dev.lakeops.tools.kafka.KafkaTools;
import dev.lakeops.tools.kafka.LagRules;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The chat tools over what is configured: Kafka lag on one cluster, lake tables in one warehouse,
 * binlog files in one directory. A chat user names a group, a table or a file, never an address
 * or a path outside the configured directory.
 */
public final class ConfiguredChatTools implements ChatTools {

  public static final String TABLE_SNAPSHOTS = "table.snapshots";
  /** Snapshots listed, newest first. */
  static final int MAX_SNAPSHOTS = 10;

  private final @Nullable KafkaTools kafka;
  private final @Nullable KafkaCluster cluster;
  private final @Nullable Path warehouse;
  private final @Nullable Path binlogDir;
  private final Clock clock;

  /**
   * @param kafka the Kafka tools, with {@code cluster} the cluster chat asks about; both null when none
   * @param warehouse the lake warehouse of {@code table} commands, or null
   * @param binlogDir the directory {@code binlog verify} may read, or null
   */
  public ConfiguredChatTools(@Nullable KafkaTools kafka, @Nullable KafkaCluster cluster, @Nullable Path warehouse,
      @Nullable Path binlogDir, Clock clock) {
    this.kafka = cluster == null ? null : kafka;
    this.cluster = kafka == null ? null : cluster;
    this.warehouse = warehouse;
    this.binlogDir = binlogDir == null ? null : binlogDir.toAbsolutePath().normalize();
    this.clock = clock;
  }

  @Override
  public Optional<ToolReport> lag(@Nullable String group) {
    if (kafka == null || cluster == null) {
      return Optional.empty();
    }
    // As the lag @Tool does: a stall can only be told from a window; probe twice when no recent
    // probe of this cluster exists, once otherwise.
    List<KafkaLagSnapshot> window = kafka.history().window(cluster.name());
    Duration span = window.isEmpty() ? Duration.ZERO : Duration.between(window.get(0).capturedAt(), clock.instant());
    Duration missing = LagRules.defaults().minStallWindow().minus(span);
    List<String> groups = group == null ? List.of() : List.of(group);
    return Optional.of(missing.isNegative() || missing.isZero()
        ? kafka.lag(cluster, groups, 1, Duration.ZERO, Map.of())
        : kafka.lag(cluster, groups, 2, missing, Map.of()));
  }

  @Override
  public Optional<ToolReport> tableSnapshots(String table) {
    if (warehouse == null) {
      return Optional.empty();
    }
    Map<String, String> params = Map.of("table", table);
    Identifier id;
    try {
      id = Identifier.parse(table);
    } catch (IllegalArgumentException e) {
      return Optional.of(new ToolReport(ToolReport.Status.ERROR, TABLE_SNAPSHOTS, params, List.of(), e.getMessage()));
    }
    return Optional.of(ToolReports.run(TABLE_SNAPSHOTS, params, () -> {
      TableMetadata metadata;
      try {
        metadata = new TableMetadata(Catalog.local(warehouse).loadTable(id));
      } catch (TableNotFoundException e) {
        throw new ProbeException(ProbeException.Code.NOT_FOUND, id.toString(), "no table " + id + " in the warehouse");
      }
      List<Snapshot> snapshots = metadata.snapshots();
      List<Finding> findings = new ArrayList<>();
      for (int i = snapshots.size() - 1; i >= 0 && findings.size() < MAX_SNAPSHOTS; i--) {
        findings.add(finding(id, snapshots.get(i)));
      }
      if (snapshots.isEmpty()) {
        throw new ProbeException(ProbeException.Code.NOT_FOUND, id.toString(), "table " + id + " has no snapshot yet");
      }
      return findings;
    }));
  }

  private static Finding finding(Identifier id, Snapshot s) {
    Map<String, String> evidence = new LinkedHashMap<>();
    evidence.put("snapshot_id", Long.toString(s.id()));
    evidence.put("commit_kind", s.commitKind().name());
    evidence.put("commit_time", Instant.ofEpochMilli(s.timeMillis()).toString());
    evidence.put("commit_user", s.commitUser());
    evidence.put("total_record_count", String.valueOf(s.totalRecordCount()));
    evidence.put("delta_record_count", String.valueOf(s.deltaRecordCount()));
    return new Finding(Severity.INFO, "table.snapshot", id + " snapshot " + s.id(),
        "Snapshot " + s.id() + " (" + s.commitKind() + ")", evidence, List.of(id + "$snapshots"));
  }

  @Override
  public Optional<ToolReport> binlogVerify(String file) {
    if (binlogDir == null) {
      return Optional.empty();
    }
    Path path = binlogDir.resolve(file).normalize();
    if (!path.startsWith(binlogDir) || path.equals(binlogDir) || escapesByLink(path)) {
      return Optional.of(new ToolReport(ToolReport.Status.ERROR, BinlogTools.VERIFY, Map.of("path", file), List.of(),
          "file: '" + file + "' is outside the binlog directory; name a file inside it"));
    }
    return Optional.of(new BinlogTools().verifyFile(path.toString()));
  }

  /** True when an existing {@code path} resolves, through symbolic links, outside the binlog directory. */
  private boolean escapesByLink(Path path) {
    try {
      return java.nio.file.Files.exists(path) && !path.toRealPath().startsWith(binlogDir.toRealPath());
    } catch (java.io.IOException e) {
      return true;
    }
  }
}
