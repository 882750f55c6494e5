package dev.lakeops.agent.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Map;

/** Every lakeops setting of the agent, under the prefix {@code lakeops}. */
@ConfigMapping(prefix = "lakeops")
public interface LakeopsConfig {

  Flink flink();

  Triage triage();

  Kafka kafka();

  Database database();

  Webhook webhook();

  Watch watch();

  Retention retention();

  /** People who may approve, by lakeops user name: {@code lakeops.approvers.<user>.*}. */
  Map<String, ApproverProfile> approvers();

  Approval approval();

  Tables tables();

  /** Where incidents are kept; a relative path is resolved against the working directory. */
  @WithDefault("data")
  String dataDir();

  /**
   * The Flink clusters that alerts about Flink jobs are triaged against: the default one ({@code
   * lakeops.flink.rest-url}) and named profiles ({@code lakeops.flink.clusters.<name>.rest-url}),
   * picked by an alert's {@code flink_cluster} label.
   */
  interface Flink {

    /**
     * The default cluster's JobManager REST endpoint, {@code http(s)://host:port[/prefix]}, without
     * credentials.
     */
    @WithDefault("http://127.0.0.1:8081")
    String restUrl();

    /** Connect and read timeout of one REST request (every cluster). */
    @WithDefault("5s")
    Duration timeout();

    /** Named clusters; the name {@code default} is taken by {@code rest-url}. */
    Map<String, Cluster> clusters();
  }

  /** One named Flink cluster. */
  interface Cluster {

    /**
     * The JobManager's REST endpoint, {@code http(s)://host:port[/prefix]}, without credentials.
     */
    String restUrl();
  }

  /** The background triage of incoming alerts. */
  interface Triage {

    /** Triages that run at the same time; a triage mostly waits for the probed systems. */
    @WithDefault("2")
    int workers();
  }

  /** Kafka clusters the tools may read, by name: {@code lakeops.kafka.clusters.<name>.*}. */
  interface Kafka {

    Map<String, KafkaClusterProfile> clusters();

    /** Timeout of each Kafka call of the triage tools; the probe's default without it. */
    java.util.Optional<Duration> timeout();
  }

  /** One named Kafka cluster (read by {@code dev.lakeops.tools.kafka.KafkaClusters} too). */
  interface KafkaClusterProfile {

    /** {@code host:port[,host:port...]}. */
    String bootstrapServers();

    /**
     * Extra Kafka client properties, e.g. {@code security.protocol}; values never reach findings or
     * logs.
     */
    Map<String, String> properties();
  }

  /**
   * Where incidents, chat threads, proposals, approvals and the audit log live. Read at start-up
   * (see {@code dev.lakeops.agent.store.DatabaseKindInterceptor}).
   */
  interface Database {

    /** {@code h2} (embedded file database under the data dir) or {@code postgresql}. */
    @WithDefault("h2")
    String kind();

    /** The PostgreSQL JDBC URL, e.g. {@code jdbc:postgresql://db:5432/lakeops}; unused for h2. */
    java.util.Optional<String> url();

    /** The PostgreSQL user; unused for h2. */
    java.util.Optional<String> username();

    /** The PostgreSQL password; never logged. Unused for h2. */
    java.util.Optional<String> password();
  }

  /**
   * Credentials alert senders must present on {@code /api/alerts/*}: a bearer token, basic auth, or
   * both (either is accepted). With neither set the webhooks are open, and the agent says so at
   * start.
   */
  interface Webhook {

    /** Expected {@code Authorization: Bearer <token>}. */
    java.util.Optional<String> bearerToken();

    /** Expected basic-auth user (with {@code basic-password}). */
    java.util.Optional<String> basicUsername();

    java.util.Optional<String> basicPassword();
  }

  /**
   * What the scheduler probes on its own, opening incidents (deduplicated like alerts) when a probe
   * finds a WARN or worse, and resolving them when it clears.
   */
  interface Watch {

    /** Time between two rounds of probes. */
    @WithDefault("60s")
    Duration interval();

    /** Flink jobs, {@code job} (default cluster) or {@code cluster/job}. */
    java.util.Optional<java.util.List<String>> flinkJobs();

    /** Kafka consumer groups, {@code cluster/group}. */
    java.util.Optional<java.util.List<String>> kafkaGroups();
  }

  /** How long finished incidents are kept before the scheduler deletes them. */
  interface Retention {

    /**
     * Resolved incidents older than this (by last change) are deleted; {@code 0} keeps them
     * forever.
     */
    @WithDefault("30d")
    Duration incidents();
  }

  /**
   * One lakeops user: roles, the chat identities that are this user, and a token for the API and
   * console.
   */
  interface ApproverProfile {

    /** {@code approver} and/or {@code viewer}. */
    java.util.List<String> roles();

    /**
     * Chat identities, {@code platform:user-id} (e.g. {@code slack:U024BE7LH}, {@code
     * feishu:ou_7d8a6e6d}).
     */
    java.util.Optional<java.util.List<String>> imIds();

    /**
     * Secret this user presents as {@code Authorization: Bearer <token>} to the API and console;
     * never logged.
     */
    java.util.Optional<String> token();
  }

  /** Proposals and approvals. */
  interface Approval {

    /** How long a proposal may wait for approval. */
    @WithDefault("1h")
    Duration proposalTtl();

    /**
     * Key that signs one-time approval links and console sessions, shared by every instance behind
     * one address. Without it no approval links are issued, and each process makes a random session
     * key (sessions then end with the process).
     */
    java.util.Optional<String> linkSecret();

    /** How long a signed approval link is valid; never longer than its proposal. */
    @WithDefault("30m")
    Duration linkTtl();
  }

  /** The lake tables the table runbooks read. */
  interface Tables {

    /**
     * The warehouse ({@code <database>.db/<table>/}): a directory, {@code s3://bucket/path} or
     * {@code hdfs://namenode:port/path}. Alerts name tables in it as {@code database.table};
     * directories outside it are refused. Without it the table tools are not available and the
     * table runbooks say so.
     */
    java.util.Optional<String> warehouse();

    /**
     * The settings of the store the warehouse is on, by the store's keys: {@code
     * lakeops.tables.store.s3.endpoint=http://...} (see README, Warehouses on S3); the standard
     * environment variables of the store's client apply without them.
     */
    Map<String, String> store();

    /** Where table maintenance runs. */
    Maintenance maintenance();
  }

  /** {@code lakeops.tables.maintenance.*}. */
  interface Maintenance {

    /**
     * A Flink cluster (a {@code lakeops.flink.clusters} name, {@code default}, or a REST URL) that
     * approved compactions run on, as a dedicated compaction job submitted over its REST API;
     * unset, they run in the agent.
     */
    java.util.Optional<String> flinkCluster();
  }
}
