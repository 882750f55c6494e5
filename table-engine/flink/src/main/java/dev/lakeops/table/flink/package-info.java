/**
 * The table engine on Flink. {@link dev.lakeops.table.flink.sink.TableSink} writes a {@code
 * DataStream} of rows into a lake table exactly once: writers per bucket prepare their changes at
 * every checkpoint and one committer commits them when the checkpoint completes.
 */
package dev.lakeops.table.flink;
