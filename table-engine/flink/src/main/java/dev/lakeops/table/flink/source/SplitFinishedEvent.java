package dev.lakeops.table.flink.source;

import java.util.List;
import org.apache.flink.api.connector.source.SourceEvent;

/** A reader read these splits to their end: they no longer hold the consumer back. */
record SplitFinishedEvent(List<String> splitIds) implements SourceEvent {}
