package dev.lakeops.tools.binlog.plan;

/**
 * Flink CDC MySQL connector option names, spelled as the connector's documentation spells them
 * (mysql-cdc "Connector Options" and "Startup Reading Position"). {@code debezium.*} options are
 * passed through to the embedded Debezium (1.9.x in Flink CDC 3.x).
 */
final class FlinkCdcOptions {

  static final String STARTUP_MODE = "scan.startup.mode";
  static final String SPECIFIC_OFFSET = "specific-offset";
  static final String TIMESTAMP = "timestamp";
  static final String OFFSET_FILE = "scan.startup.specific-offset.file";
  static final String OFFSET_POS = "scan.startup.specific-offset.pos";
  static final String OFFSET_GTID_SET = "scan.startup.specific-offset.gtid-set";
  static final String TIMESTAMP_MILLIS = "scan.startup.timestamp-millis";
  static final String HOSTNAME = "hostname";

  /**
   * Debezium 1.9 name; Debezium 2.x deprecates it for {@code
   * event.processing.failure.handling.mode}.
   */
  static final String DESERIALIZATION_FAILURE =
      "debezium.event.deserialization.failure.handling.mode";

  static final String INCONSISTENT_SCHEMA = "debezium.inconsistent.schema.handling.mode";

  private FlinkCdcOptions() {}
}
