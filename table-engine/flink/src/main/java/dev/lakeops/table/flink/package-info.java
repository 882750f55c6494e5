/**
 * The table engine on Flink. {@link dev.lakeops.table.flink.sink.TableSink} writes a {@code
 * DataStream} of rows into a lake table exactly once: writers per bucket prepare their changes at
 * every checkpoint and one committer commits them when the checkpoint completes. {@link
 * dev.lakeops.table.flink.source.TableSource} reads a table, bounded (one snapshot) or streaming
 * (the changes as they are committed), with splits per bucket and consumer progress saved on
 * checkpoint. {@link dev.lakeops.table.flink.TableLocation} is the table's address in a job graph.
 */
package dev.lakeops.table.flink;
