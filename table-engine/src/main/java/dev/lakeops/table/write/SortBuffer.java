package dev.lakeops.table.write;

import dev.lakeops.table.data.CloseableIterator;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.format.Compression;
import dev.lakeops.table.format.DataFileReader;
import dev.lakeops.table.format.DataFileWriter;
import dev.lakeops.table.format.KeyValue;
import dev.lakeops.table.format.KeyValueLayout;
import dev.lakeops.table.format.avro.AvroFileFormat;
import dev.lakeops.table.lsm.KeyOrder;
import dev.lakeops.table.lsm.MergeFunction;
import dev.lakeops.table.lsm.MergeReader;
import dev.lakeops.table.lsm.RecordOrder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The write buffer of one primary-key bucket: key-values in arrival order (so ascending sequence
 * numbers), bounded by a byte budget. When the budget is exceeded the buffer is sorted by key (and
 * the records of a key by the merge function's record order), reduced with the merge function and
 * spilled to a local file; a flush then merges the spilled runs with what is still in memory.
 * Memory stays bounded whatever the commit interval, like Paimon's {@code write-buffer-spillable}.
 *
 * <p>Spill files are Avro files of the key-value layout, uncompressed, deleted on {@link #clear}.
 * When more than {@value #MAX_FAN_IN} runs have been spilled they are merged into one first, so a
 * flush never holds more than that many files open.
 *
 * <p>A buffer that keeps every record ({@code changelog-producer=input}) spills its records sorted
 * but not reduced, so that {@link #sorted} still returns each record added.
 */
final class SortBuffer {

  private static final Logger LOG = LoggerFactory.getLogger(SortBuffer.class);
  static final int MAX_FAN_IN = 64;

  private final KeyValueLayout layout;
  private final KeyOrder keyOrder;
  private final Supplier<MergeFunction> merge;
  private final RecordOrder recordOrder;
  // partial-update does not merge reduced runs as it merges their records: spill them unreduced
  private final boolean reduceOnSpill;
  private final long maxBytes;
  private final Supplier<Path> spillDirectory;
  private final boolean keepAll;
  private final List<KeyValue> memory = new ArrayList<>();
  private final List<Path> spilled = new ArrayList<>();
  private final String spillPrefix = "spill-" + java.util.UUID.randomUUID() + "-";
  private long bytes;
  private int spillCounter;

  SortBuffer(
      KeyValueLayout layout,
      KeyOrder keyOrder,
      Supplier<MergeFunction> merge,
      long maxBytes,
      Supplier<Path> spillDirectory) {
    this(layout, keyOrder, merge, maxBytes, spillDirectory, false);
  }

  /**
   * @param keepAll spill unreduced records, so that {@link #sorted} returns every record added
   */
  SortBuffer(
      KeyValueLayout layout,
      KeyOrder keyOrder,
      Supplier<MergeFunction> merge,
      long maxBytes,
      Supplier<Path> spillDirectory,
      boolean keepAll) {
    this.keepAll = keepAll;
    this.layout = KeyValueLayout.standard(layout.valueType(), layout.keyNames());
    this.keyOrder = keyOrder;
    this.merge = merge;
    MergeFunction probe = merge.get();
    this.recordOrder = probe.recordOrder().ascending();
    this.reduceOnSpill = probe.mergesRunsAlike() && !keepAll;
    this.maxBytes = maxBytes;
    this.spillDirectory = spillDirectory;
  }

  /** Adds a record whose sequence number is larger than every earlier one's. */
  void add(KeyValue kv) {
    memory.add(kv);
    bytes += 64 + RowSizeEstimator.estimate(kv.value()) + 8L * kv.key().arity();
    if (bytes > maxBytes) {
      spill();
    }
  }

  boolean isEmpty() {
    return memory.isEmpty() && spilled.isEmpty();
  }

  int spilledRuns() {
    return spilled.size();
  }

  /**
   * The buffered records merged to one per key, ascending by key (retractions kept). Close the
   * result before {@link #clear}.
   */
  CloseableIterator<KeyValue> merged() {
    return new MergeReader(openRuns(), keyOrder, merge.get(), recordOrder, false);
  }

  /**
   * Every buffered record, not merged, ascending by key and within a key in the merge's record
   * order (sequence number last): what {@code changelog-producer=input} writes, as Paimon's write
   * buffer hands its raw records to the changelog writer. Close the result before {@link #clear}.
   *
   * @throws IllegalStateException the buffer does not keep every record
   */
  CloseableIterator<KeyValue> sorted() {
    if (!keepAll) {
      throw new IllegalStateException("This write buffer reduces records when it spills");
    }
    return new SortedMerge(openRuns());
  }

  private List<CloseableIterator<KeyValue>> openRuns() {
    List<CloseableIterator<KeyValue>> runs = new ArrayList<>();
    try {
      for (Path p : spilled) {
        runs.add(read(p));
      }
      runs.add(CloseableIterator.of(sortedMemory()));
    } catch (RuntimeException e) {
      runs.forEach(CloseableIterator::close);
      throw e;
    }
    return runs;
  }

  /** Drops every record and deletes the spill files. */
  void clear() {
    memory.clear();
    bytes = 0;
    for (Path p : spilled) {
      deleteQuietly(p);
    }
    spilled.clear();
  }

  private List<KeyValue> sortedMemory() {
    List<KeyValue> sorted = new ArrayList<>(memory);
    // records of one key in the merge's order (sequence.field ascending, then sequence number)
    sorted.sort(
        (a, b) -> {
          int c = keyOrder.compare(a.key(), b.key());
          return c != 0 ? c : recordOrder.compare(a, b);
        });
    return sorted;
  }

  private void spill() {
    if (reduceOnSpill) {
      try (MergeReader reduced =
          new MergeReader(
              List.of(CloseableIterator.of(sortedMemory())),
              keyOrder,
              merge.get(),
              recordOrder,
              false)) {
        spilled.add(writeRun(reduced));
      }
    } else {
      spilled.add(writeRun(CloseableIterator.of(sortedMemory())));
    }
    memory.clear();
    bytes = 0;
    if (spilled.size() > MAX_FAN_IN) {
      List<Path> inputs = new ArrayList<>(spilled);
      List<CloseableIterator<KeyValue>> runs = new ArrayList<>();
      for (Path p : inputs) {
        runs.add(read(p));
      }
      Path combined;
      try (CloseableIterator<KeyValue> all =
          reduceOnSpill
              ? new MergeReader(runs, keyOrder, merge.get(), recordOrder, false)
              : new SortedMerge(runs)) {
        combined = writeRun(all);
      }
      inputs.forEach(SortBuffer::deleteQuietly);
      spilled.clear();
      spilled.add(combined);
    }
  }

  /** Sorted runs merged into one sorted stream, every record kept. */
  private final class SortedMerge implements CloseableIterator<KeyValue> {
    private record Head(KeyValue kv, int input) {}

    private final List<CloseableIterator<KeyValue>> runs;
    private final java.util.PriorityQueue<Head> heap;

    SortedMerge(List<CloseableIterator<KeyValue>> runs) {
      this.runs = runs;
      this.heap =
          new java.util.PriorityQueue<>(
              Math.max(1, runs.size()),
              (a, b) -> {
                int c = keyOrder.compare(a.kv.key(), b.kv.key());
                if (c == 0) {
                  c = recordOrder.compare(a.kv, b.kv);
                }
                return c != 0 ? c : Integer.compare(a.input, b.input);
              });
      for (int i = 0; i < runs.size(); i++) {
        advance(i);
      }
    }

    private void advance(int input) {
      if (runs.get(input).hasNext()) {
        heap.add(new Head(runs.get(input).next(), input));
      }
    }

    @Override
    public boolean hasNext() {
      return !heap.isEmpty();
    }

    @Override
    public KeyValue next() {
      Head head = heap.poll();
      if (head == null) {
        throw new NoSuchElementException();
      }
      advance(head.input);
      return head.kv;
    }

    @Override
    public void close() {
      runs.forEach(CloseableIterator::close);
    }
  }

  private Path writeRun(CloseableIterator<KeyValue> records) {
    Path dir = spillDirectory.get();
    Path file =
        dir.resolve(spillPrefix + (spillCounter++) + ".avro"); // buffers share the directory
    DataFileWriter writer =
        AvroFileFormat.INSTANCE.createWriter(file, layout.fileType(), Compression.NONE);
    try {
      while (records.hasNext()) {
        writer.write(layout.toFileRow(records.next()));
      }
      writer.close();
      return file;
    } catch (RuntimeException e) {
      writer.abort();
      throw e;
    }
  }

  private CloseableIterator<KeyValue> read(Path file) {
    DataFileReader reader = AvroFileFormat.INSTANCE.createReader(file, layout.fileType(), null);
    return new CloseableIterator<>() {
      @Override
      public boolean hasNext() {
        return reader.hasNext();
      }

      @Override
      public KeyValue next() {
        if (!reader.hasNext()) {
          throw new NoSuchElementException();
        }
        Row row = reader.next();
        return layout.fromFileRow(row);
      }

      @Override
      public void close() {
        reader.close();
      }
    };
  }

  private static void deleteQuietly(Path p) {
    try {
      Files.deleteIfExists(p);
    } catch (IOException e) {
      LOG.warn("Failed to delete spill file {}", p, new UncheckedIOException(e));
    }
  }
}
