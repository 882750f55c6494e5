package dev.lakeops.eval.world;

import org.jspecify.annotations.Nullable;

/**
 * A fault: a change of the world's state from {@code at} before the scenario's instant (default
 * 20m). Which fields a kind reads is in {@link World#apply}; a kind it does not know is refused.
 */
public record FaultSpec(
    String kind,
    @Nullable String at,
    @Nullable String job,
    @Nullable String vertex,
    @Nullable Double factor,
    @Nullable Double share,
    @Nullable Double rate,
    @Nullable String cluster,
    @Nullable String group,
    @Nullable String topic,
    @Nullable Integer partition,
    @Nullable String exception,
    @Nullable String message,
    @Nullable String task,
    @Nullable String state,
    @Nullable String period) {}
