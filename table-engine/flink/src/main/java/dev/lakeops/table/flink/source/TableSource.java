package dev.lakeops.table.flink.source;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.flink.TableLocation;
import dev.lakeops.table.flink.data.TableRowTypeInfo;
import dev.lakeops.table.flink.source.TableSplitSerializer.EnumeratorState;
import dev.lakeops.table.flink.source.TableSplitSerializer.EnumeratorStateSerializer;
import dev.lakeops.table.read.ScanPlan;
import dev.lakeops.table.read.StreamingScan;
import dev.lakeops.table.read.TableScan;
import java.util.Map;
import java.util.TreeMap;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.java.typeutils.ResultTypeQueryable;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.jspecify.annotations.Nullable;

/**
 * Reads a lake table into a Flink job, as Paimon's Flink source does:
 *
 * <pre>{@code
 * env.fromSource(TableSource.forTable(warehouse, "shop.orders").bounded(), noWatermarks(), "orders")
 * env.fromSource(
 *     TableSource.forTable(warehouse, "shop.orders")
 *         .streaming(Map.of("scan.mode", "latest", "consumer-id", "orders-to-kafka")),
 *     noWatermarks(), "orders changes")
 * }</pre>
 *
 * <p>Bounded: the splits of the latest snapshot, or of {@code scan.snapshot-id}, merged as a batch
 * read. Streaming: the table's {@link StreamingScan} with Paimon's options ({@code scan.mode},
 * {@code scan.snapshot-id}, {@code scan.timestamp-millis}, {@code consumer-id}, {@code
 * continuous.discovery-interval}), optionally ending after a snapshot. Splits are one (partition,
 * bucket) of one snapshot; all splits of a bucket go to one reader, in order. The position is in
 * the checkpoint; with a consumer id it is also saved in the table when a checkpoint completes, so
 * expiry keeps what the job still has to read.
 */
public final class TableSource
    implements Source<Row, TableSplit, EnumeratorState>, ResultTypeQueryable<Row> {

  private static final long serialVersionUID = 1L;

  private final TableLocation location;
  private final @Nullable TreeMap<String, String> streamingOptions;
  private final @Nullable Long lastSnapshot;
  private final @Nullable Long snapshot;

  private TableSource(
      TableLocation location,
      @Nullable TreeMap<String, String> streamingOptions,
      @Nullable Long lastSnapshot,
      @Nullable Long snapshot) {
    this.location = location;
    this.streamingOptions = streamingOptions;
    this.lastSnapshot = lastSnapshot;
    this.snapshot = snapshot;
  }

  /** Builds the source of {@code database.table} in the warehouse at {@code warehouseUri}. */
  public static Builder forTable(String warehouseUri, String table) {
    return new Builder(warehouseUri, Identifier.parse(requireNonNull(table, "table")).toString());
  }

  /** Builds a {@link TableSource}. */
  public static final class Builder {
    private final String warehouse;
    private final String table;
    private final Map<String, String> options = new TreeMap<>();

    private Builder(String warehouse, String table) {
      this.warehouse = requireNonNull(warehouse, "warehouse");
      this.table = table;
    }

    /** The warehouse's options (a store's endpoint and credentials, by its FileIO's keys). */
    public Builder options(Map<String, String> values) {
      options.putAll(values);
      return this;
    }

    /** The rows of the latest snapshot. */
    public TableSource bounded() {
      return new TableSource(location(), null, null, null);
    }

    /** The rows of snapshot {@code id}. */
    public TableSource bounded(long id) {
      return new TableSource(location(), null, null, id);
    }

    /**
     * The changes as they are committed, configured by Paimon's streaming options.
     *
     * @throws IllegalArgumentException the table cannot be opened, or an option is invalid (names
     *     it)
     */
    public TableSource streaming(Map<String, String> scanOptions) {
      return streaming(scanOptions, null);
    }

    /** As {@link #streaming(Map)}, ending after snapshot {@code lastSnapshotInclusive}. */
    public TableSource streaming(
        Map<String, String> scanOptions, @Nullable Long lastSnapshotInclusive) {
      TableSource source =
          new TableSource(location(), new TreeMap<>(scanOptions), lastSnapshotInclusive, null);
      try {
        source.streamingScan(source.location.open(), null);
      } catch (RuntimeException e) {
        throw new IllegalArgumentException(
            "Cannot read lake table " + source.location + " as a stream: " + e.getMessage(), e);
      }
      return source;
    }

    private TableLocation location() {
      return TableLocation.of(warehouse, options, table);
    }
  }

  TableLocation location() {
    return location;
  }

  boolean streaming() {
    return streamingOptions != null;
  }

  ScanPlan boundedPlan(Table table) {
    TableScan scan = table.newScan();
    return (snapshot == null ? scan : scan.withSnapshot(snapshot)).plan();
  }

  /** The streaming scan, started where {@code restored} says when there is a restored position. */
  StreamingScan streamingScan(Table table, @Nullable EnumeratorState restored) {
    Map<String, String> options = new TreeMap<>(streamingOptions);
    if (restored != null && restored.nextSnapshotId() > 0) {
      options.put("scan.mode", "from-snapshot");
      options.put("scan.snapshot-id", Long.toString(restored.nextSnapshotId()));
      options.remove("scan.timestamp-millis");
      options.put(StreamingScan.CONSUMER_IGNORE_PROGRESS, "true");
    }
    StreamingScan scan = table.newStreamingScan(options);
    return lastSnapshot == null ? scan : scan.withLastSnapshot(lastSnapshot);
  }

  @Override
  public Boundedness getBoundedness() {
    return streaming() && lastSnapshot == null
        ? Boundedness.CONTINUOUS_UNBOUNDED
        : Boundedness.BOUNDED;
  }

  @Override
  public SourceReader<Row, TableSplit> createReader(SourceReaderContext context) {
    return new TableSourceReader(context, location);
  }

  @Override
  public SplitEnumerator<TableSplit, EnumeratorState> createEnumerator(
      SplitEnumeratorContext<TableSplit> context) {
    return new TableSplitEnumerator(context, this, null);
  }

  @Override
  public SplitEnumerator<TableSplit, EnumeratorState> restoreEnumerator(
      SplitEnumeratorContext<TableSplit> context, EnumeratorState checkpoint) {
    return new TableSplitEnumerator(context, this, checkpoint);
  }

  @Override
  public SimpleVersionedSerializer<TableSplit> getSplitSerializer() {
    return new TableSplitSerializer();
  }

  @Override
  public SimpleVersionedSerializer<EnumeratorState> getEnumeratorCheckpointSerializer() {
    return new EnumeratorStateSerializer();
  }

  @Override
  public TypeInformation<Row> getProducedType() {
    return TableRowTypeInfo.INSTANCE;
  }
}
