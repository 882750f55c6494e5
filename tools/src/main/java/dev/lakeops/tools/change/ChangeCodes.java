package dev.lakeops.tools.change;

import java.util.List;

/**
 * The finding codes of the change probe, in the order the verdict line ranks them within one target
 * (the change that names the event first, its details after).
 */
public final class ChangeCodes {

  public static final String FLINK_JOB_RESUBMITTED = "change.flink.job-resubmitted";
  public static final String FLINK_JOB_STARTED = "change.flink.job-started";
  public static final String KAFKA_PARTITIONS_ADDED = "change.kafka.partitions-added";
  public static final String TABLE_NEW_COMMIT_USER = "change.table.new-commit-user";
  public static final String TABLE_ROLLBACK = "change.table.rollback";
  public static final String TABLE_SCHEMA = "change.table.schema";
  public static final String TABLE_OVERWRITE = "change.table.overwrite";
  public static final String LAKEOPS_ACTION = "change.lakeops.action";
  public static final String FLINK_PARALLELISM = "change.flink.parallelism";
  public static final String FLINK_CONFIG = "change.flink.config";
  public static final String FLINK_FRESH_START = "change.flink.fresh-start";
  public static final String FLINK_SAVEPOINT_RESTORE = "change.flink.savepoint-restore";
  public static final String FLINK_RESTART = "change.flink.restart";
  public static final String FLINK_JAR_UPLOADED = "change.flink.jar-uploaded";
  public static final String KAFKA_OFFSETS_REWOUND = "change.kafka.offsets-rewound";
  public static final String KAFKA_GROUP_MEMBERS = "change.kafka.group-members";
  public static final String KAFKA_TOPIC_CONFIG = "change.kafka.topic-config";
  public static final String TABLE_TAG = "change.table.tag";
  public static final String TABLE_EXPIRY = "change.table.expiry";
  public static final String TABLE_COMPACTION = "change.table.compaction";

  /** A hop that was asked about but could not be read; the other hops' changes stand. */
  public static final String UNAVAILABLE = "change.unavailable";

  public static final String NONE = "change.none";

  /** Every code, in rank order. */
  public static final List<String> ALL =
      List.of(
          FLINK_JOB_RESUBMITTED,
          FLINK_JOB_STARTED,
          KAFKA_PARTITIONS_ADDED,
          TABLE_NEW_COMMIT_USER,
          TABLE_ROLLBACK,
          TABLE_SCHEMA,
          TABLE_OVERWRITE,
          LAKEOPS_ACTION,
          FLINK_PARALLELISM,
          FLINK_CONFIG,
          FLINK_FRESH_START,
          FLINK_SAVEPOINT_RESTORE,
          FLINK_RESTART,
          FLINK_JAR_UPLOADED,
          KAFKA_OFFSETS_REWOUND,
          KAFKA_GROUP_MEMBERS,
          KAFKA_TOPIC_CONFIG,
          TABLE_TAG,
          TABLE_EXPIRY,
          TABLE_COMPACTION,
          UNAVAILABLE,
          NONE);

  private ChangeCodes() {}

  /** The place of {@code code} in {@link #ALL}; unknown codes last. */
  static int rank(String code) {
    int i = ALL.indexOf(code);
    return i < 0 ? ALL.size() : i;
  }
}
