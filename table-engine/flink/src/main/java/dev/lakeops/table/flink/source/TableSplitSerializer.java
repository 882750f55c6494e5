package dev.lakeops.table.flink.source;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * Splits and the enumerator's state as Flink checkpoints them. The split's files are inside the
 * engine's checksummed {@link dev.lakeops.table.read.DataSplitCodec} frame; a bad or unknown
 * version fails naming what it read.
 */
final class TableSplitSerializer implements SimpleVersionedSerializer<TableSplit> {

  static final int VERSION = 1;

  @Override
  public int getVersion() {
    return VERSION;
  }

  @Override
  public byte[] serialize(TableSplit split) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      write(out, split);
    }
    return bytes.toByteArray();
  }

  @Override
  public TableSplit deserialize(int version, byte[] serialized) throws IOException {
    checkVersion(version, "split");
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized))) {
      TableSplit split = read(in);
      split.dataSplit(); // the files' frame: its checksum and version
      return split;
    }
  }

  static void checkVersion(int version, String what) throws IOException {
    if (version != VERSION) {
      throw new IOException(
          "Invalid lake source " + what + ": version " + version + ", this build reads " + VERSION);
    }
  }

  static void write(DataOutputStream out, TableSplit split) throws IOException {
    out.writeUTF(split.id());
    out.writeLong(split.snapshotId());
    out.writeInt(split.bucketHash());
    out.writeLong(split.skip());
    out.writeInt(split.split().length);
    out.write(split.split());
  }

  static TableSplit read(DataInputStream in) throws IOException {
    try {
      String id = in.readUTF();
      long snapshot = in.readLong();
      int bucketHash = in.readInt();
      long skip = in.readLong();
      int length = in.readInt();
      if (length < 0 || length > in.available() || skip < 0) {
        throw new IOException(
            "Invalid lake source split " + id + ": " + length + " bytes of files, skip " + skip);
      }
      byte[] split = new byte[length];
      in.readFully(split);
      return new TableSplit(id, snapshot, bucketHash, split, skip);
    } catch (EOFException e) {
      throw new IOException("Invalid lake source split: truncated", e);
    }
  }

  /** The enumerator's state: where the scan goes on, and the splits not yet handed out. */
  record EnumeratorState(long nextSnapshotId, List<TableSplit> pending) {}

  static final class EnumeratorStateSerializer
      implements SimpleVersionedSerializer<EnumeratorState> {

    @Override
    public int getVersion() {
      return VERSION;
    }

    @Override
    public byte[] serialize(EnumeratorState state) throws IOException {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (DataOutputStream out = new DataOutputStream(bytes)) {
        out.writeLong(state.nextSnapshotId());
        out.writeInt(state.pending().size());
        for (TableSplit s : state.pending()) {
          write(out, s);
        }
      }
      return bytes.toByteArray();
    }

    @Override
    public EnumeratorState deserialize(int version, byte[] serialized) throws IOException {
      checkVersion(version, "enumerator state");
      try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized))) {
        long next = in.readLong();
        int count = in.readInt();
        if (count < 0 || count > serialized.length) {
          throw new IOException("Invalid lake source enumerator state: " + count + " splits");
        }
        List<TableSplit> pending = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
          TableSplit split = read(in);
          split.dataSplit();
          pending.add(split);
        }
        return new EnumeratorState(next, pending);
      } catch (EOFException e) {
        throw new IOException("Invalid lake source enumerator state: truncated", e);
      }
    }
  }
}
