package dev.lakeops.tools.binlog.plan;

import static java.util.Objects.requireNonNull;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One way to get a CDC source past the damage.
 *
 * @param name stable id: {@code read-from-replica}, {@code specific-offset-after-damage}, {@code
 *     gtid-set-after-damage}, {@code timestamp-after-damage}, {@code skip-with-warn}
 * @param applicable false when the evidence rules the option out; {@code cost} then says why
 * @param connectorOptions Flink CDC MySQL connector options, spelled as the connector spells them,
 *     in order
 * @param loss what the option loses
 * @param preconditions what must hold before using it, each a checkable statement
 * @param cost effort, time and risk in one or two sentences
 */
public record RecoveryOption(
    String name,
    String summary,
    boolean applicable,
    Map<String, String> connectorOptions,
    DataLoss loss,
    List<String> preconditions,
    String cost) {

  public RecoveryOption {
    requireNonNull(name, "name");
    requireNonNull(summary, "summary");
    requireNonNull(loss, "loss");
    requireNonNull(cost, "cost");
    connectorOptions = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(connectorOptions));
    preconditions = List.copyOf(preconditions);
  }
}
