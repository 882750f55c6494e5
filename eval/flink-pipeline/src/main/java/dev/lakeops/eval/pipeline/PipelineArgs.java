package dev.lakeops.eval.pipeline;

import dev.lakeops.table.flink.cdc.DebeziumJson;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The command line of {@link DemoPipeline}: {@code --key value} pairs.
 *
 * <p>Required: {@code --rest-port}, {@code --bootstrap}, {@code --control-file}. Optional, with
 * defaults: {@code --topic orders}, {@code --records-per-second 2000}, {@code --job-name
 * orders-to-lake}, {@code --parallelism 2}. With {@code --warehouse PATH} and {@code --cdc
 * TOPIC=DB.TABLE,...} the cluster also runs the CDC job, which writes each Debezium change topic
 * into its lake table, checkpointing every {@code --cdc-checkpoint-millis} (2000); {@code
 * --cdc-decimals base64|text} says how the events' decimals come (Debezium's {@code
 * decimal.handling.mode} {@code precise}, the default, or {@code string}).
 */
record PipelineArgs(
    int restPort,
    String bootstrap,
    String topic,
    Path controlFile,
    int recordsPerSecond,
    String jobName,
    int parallelism,
    @Nullable String warehouse,
    Map<String, String> cdcTables,
    long cdcCheckpointMillis,
    DebeziumJson.DecimalText cdcDecimals) {

  private static final List<String> KEYS =
      List.of(
          "--rest-port",
          "--bootstrap",
          "--topic",
          "--control-file",
          "--records-per-second",
          "--job-name",
          "--parallelism",
          "--warehouse",
          "--cdc",
          "--cdc-checkpoint-millis",
          "--cdc-decimals");

  PipelineArgs {
    Objects.requireNonNull(bootstrap, "bootstrap");
    Objects.requireNonNull(topic, "topic");
    Objects.requireNonNull(controlFile, "controlFile");
    Objects.requireNonNull(jobName, "jobName");
    Objects.requireNonNull(cdcDecimals, "cdcDecimals");
    check(
        restPort >= 1 && restPort <= 65535, "Invalid --rest-port: %s (must be 1-65535)", restPort);
    check(!bootstrap.isBlank(), "Invalid --bootstrap: empty");
    check(!topic.isBlank(), "Invalid --topic: empty");
    check(!jobName.isBlank(), "Invalid --job-name: empty");
    check(
        recordsPerSecond > 0,
        "Invalid --records-per-second: %s (must be positive)",
        recordsPerSecond);
    check(parallelism > 0, "Invalid --parallelism: %s (must be positive)", parallelism);
    cdcTables = Map.copyOf(cdcTables);
    check(
        cdcTables.isEmpty() || warehouse != null,
        "Missing required option --warehouse (the lake of the --cdc tables)");
    check(
        cdcCheckpointMillis >= 100,
        "Invalid --cdc-checkpoint-millis: %s (must be >= 100)",
        cdcCheckpointMillis);
  }

  /**
   * Parses {@code --key value} pairs.
   *
   * @throws IllegalArgumentException naming the option and value that is unknown, missing or
   *     invalid
   */
  static PipelineArgs parse(String... args) {
    Map<String, String> values = new HashMap<>();
    for (int i = 0; i < args.length; i += 2) {
      String key = args[i];
      check(KEYS.contains(key), "Unknown option: %s (known: %s)", key, String.join(", ", KEYS));
      check(i + 1 < args.length, "Missing value for option %s", key);
      check(!values.containsKey(key), "Option given twice: %s", key);
      values.put(key, args[i + 1]);
    }
    return new PipelineArgs(
        intValue(values, "--rest-port", null),
        required(values, "--bootstrap"),
        values.getOrDefault("--topic", "orders"),
        Path.of(required(values, "--control-file")),
        intValue(values, "--records-per-second", 2000),
        values.getOrDefault("--job-name", "orders-to-lake"),
        intValue(values, "--parallelism", 2),
        values.get("--warehouse"),
        cdcTables(values.get("--cdc")),
        intValue(values, "--cdc-checkpoint-millis", 2000),
        decimals(values.getOrDefault("--cdc-decimals", "base64")));
  }

  private static DebeziumJson.DecimalText decimals(String value) {
    return switch (value) {
      case "base64" -> DebeziumJson.DecimalText.BASE64;
      case "text" -> DebeziumJson.DecimalText.TEXT;
      default ->
          throw new IllegalArgumentException(
              "Invalid --cdc-decimals: '" + value + "' (must be base64 or text)");
    };
  }

  // TOPIC=DB.TABLE,TOPIC=DB.TABLE
  private static Map<String, String> cdcTables(@Nullable String value) {
    Map<String, String> tables = new LinkedHashMap<>();
    if (value == null) {
      return tables;
    }
    for (String route : value.split(",")) {
      String[] parts = route.trim().split("=", -1);
      check(
          parts.length == 2 && !parts[0].isBlank() && parts[1].matches("[^.\\s]+\\.[^.\\s]+"),
          "Invalid --cdc route '%s': expected TOPIC=DATABASE.TABLE",
          route);
      check(
          tables.put(parts[0].trim(), parts[1].trim()) == null,
          "Invalid --cdc: topic %s given twice",
          parts[0]);
    }
    return tables;
  }

  private static String required(Map<String, String> values, String key) {
    String value = values.get(key);
    check(value != null, "Missing required option %s", key);
    return value;
  }

  private static int intValue(Map<String, String> values, String key, Integer defaultValue) {
    String value = defaultValue == null ? required(values, key) : values.get(key);
    if (value == null) {
      return defaultValue;
    }
    try {
      return Integer.parseInt(value.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "Invalid " + key + ": '" + value + "' (not an integer)", e);
    }
  }

  private static void check(boolean condition, String message, Object... values) {
    if (!condition) {
      throw new IllegalArgumentException(String.format(message, values));
    }
  }
}
