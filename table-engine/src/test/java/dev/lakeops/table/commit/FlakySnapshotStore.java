package dev.lakeops.table.commit;

import dev.lakeops.table.meta.Snapshot;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A {@link SnapshotStore} that injects the faults of a shared table (Iceberg's {@code
 * failCommits(n)}): another writer publishing the next snapshot first, or a publish whose outcome
 * is unknown, with or without the snapshot landing.
 */
final class FlakySnapshotStore implements SnapshotStore {

  private enum Fault {
    OTHER_WRITER_FIRST,
    UNKNOWN_BEFORE_PUBLISH,
    UNKNOWN_AFTER_PUBLISH
  }

  private final SnapshotStore delegate;
  private final TableCommitter otherWriter;
  private final TestTable table;
  private final Fault fault;
  private int faultsLeft;
  private final List<Snapshot> attempted = new ArrayList<>();

  private FlakySnapshotStore(TestTable table, Fault fault, int times) {
    this.table = table;
    this.delegate = table.store();
    this.otherWriter = table.committer();
    this.fault = fault;
    this.faultsLeft = times;
  }

  /** Before each of the first {@code n} publishes, another writer commits one file. */
  static FlakySnapshotStore conflictingOnFirst(int n, TestTable table) {
    return new FlakySnapshotStore(table, Fault.OTHER_WRITER_FIRST, n);
  }

  /** The first {@code n} publishes fail with an unknown outcome; the snapshot does not land. */
  static FlakySnapshotStore unknownWithoutPublishingOnFirst(int n, TestTable table) {
    return new FlakySnapshotStore(table, Fault.UNKNOWN_BEFORE_PUBLISH, n);
  }

  /** The first {@code n} publishes fail with an unknown outcome after the snapshot landed. */
  static FlakySnapshotStore unknownAfterPublishingOnFirst(int n, TestTable table) {
    return new FlakySnapshotStore(table, Fault.UNKNOWN_AFTER_PUBLISH, n);
  }

  /** Every snapshot this store was asked to publish, in order. */
  List<Snapshot> attempted() {
    return attempted;
  }

  @Override
  public Optional<Snapshot> latest() {
    return delegate.latest();
  }

  @Override
  public Optional<Snapshot> findSnapshot(long id) {
    return delegate.findSnapshot(id);
  }

  @Override
  public void publish(Snapshot next) {
    attempted.add(next);
    if (faultsLeft == 0) {
      delegate.publish(next);
      return;
    }
    faultsLeft--;
    switch (fault) {
      case OTHER_WRITER_FIRST -> {
        String name = "data-other-" + attempted.size() + ".avro";
        otherWriter.commit(
            TestTable.changes(
                "other-writer",
                attempted.size(),
                table.newFiles(
                    "2024-01-01", 1, table.dataFile("2024-01-01", 1, name, 0, 1, 1, 1))));
        delegate.publish(next);
      }
      case UNKNOWN_BEFORE_PUBLISH -> throw unknown(next);
      case UNKNOWN_AFTER_PUBLISH -> {
        delegate.publish(next);
        throw unknown(next);
      }
    }
  }

  private static CommitStateUnknownException unknown(Snapshot next) {
    return new CommitStateUnknownException(
        "Injected: publishing snapshot " + next.id() + " timed out",
        new UncheckedIOException(new java.io.IOException("injected timeout")));
  }
}
