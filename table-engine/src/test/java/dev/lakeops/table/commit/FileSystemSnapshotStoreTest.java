package dev.lakeops.table.commit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.io.LocalFileIO;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.meta.SnapshotHints;
import dev.lakeops.table.meta.SnapshotJson;
import dev.lakeops.table.paths.TablePaths;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileSystemSnapshotStoreTest {

  @TempDir Path dir;

  private final LocalFileIO io = new LocalFileIO();

  private TablePaths paths() {
    return new TablePaths(dir);
  }

  private static Snapshot snapshot(long id, String user) {
    return Snapshot.builder()
        .id(id)
        .baseManifestList("manifest-list-b-" + id, 10L)
        .deltaManifestList("manifest-list-d-" + id, 10L)
        .commitUser(user)
        .commitIdentifier(id)
        .timeMillis(1000 + id)
        .build();
  }

  @Test
  void anEmptyTableHasNoLatestSnapshot() {
    FileSystemSnapshotStore store = new FileSystemSnapshotStore(io, paths());

    assertThat(store.latest()).isEmpty();
    assertThat(store.findSnapshot(1)).isEmpty();
    assertThatThrownBy(() -> store.loadSnapshot(1))
        .isInstanceOf(NoSuchElementException.class)
        .hasMessageContaining("Snapshot 1");
  }

  @Test
  void publishesTheSnapshotAndThenBothHintsForTheFirst() throws Exception {
    FileSystemSnapshotStore store = new FileSystemSnapshotStore(io, paths());

    store.publish(snapshot(1, "a"));
    store.publish(snapshot(2, "a"));

    assertThat(Files.readString(paths().snapshotFile(2)))
        .isEqualTo(SnapshotJson.toJson(snapshot(2, "a")));
    assertThat(Files.readString(paths().latestHint())).isEqualTo("2");
    assertThat(Files.readString(paths().earliestHint())).isEqualTo("1");
    assertThat(store.latest()).contains(snapshot(2, "a"));
    assertThat(store.loadSnapshot(1)).isEqualTo(snapshot(1, "a"));
  }

  @Test
  void refusesToPublishAnIdThatIsTakenAndKeepsTheWinner() throws Exception {
    FileSystemSnapshotStore store = new FileSystemSnapshotStore(io, paths());
    store.publish(snapshot(1, "winner"));

    assertThatThrownBy(() -> store.publish(snapshot(1, "loser")))
        .isInstanceOf(CommitConflictException.class)
        .hasMessageContaining("Snapshot 1")
        .satisfies(e -> assertThat(((CommitConflictException) e).snapshotId()).isEqualTo(1));
    assertThat(store.loadSnapshot(1).commitUser()).isEqualTo("winner");
    assertThat(io.list(paths().snapshotDir()))
        .extracting(p -> p.getFileName().toString())
        .containsExactly("EARLIEST", "LATEST", "snapshot-1");
  }

  @Test
  void findsTheLatestSnapshotWhenTheHintIsStaleOrMissing() {
    FileSystemSnapshotStore store = new FileSystemSnapshotStore(io, paths());
    store.publish(snapshot(1, "a"));
    store.publish(snapshot(2, "a"));
    store.publish(snapshot(3, "a"));

    SnapshotHints.write(io, paths().latestHint(), 1);
    assertThat(store.latest().map(Snapshot::id)).contains(3L);
    io.delete(paths().latestHint());
    assertThat(store.latest().map(Snapshot::id)).contains(3L);
    io.writeAtomically(paths().latestHint(), "garbage".getBytes());
    assertThat(store.latest().map(Snapshot::id)).contains(3L);
  }

  @Test
  void treatsAFailedCreateAsPublishedWhenTheSnapshotIsInPlace() {
    FileSystemSnapshotStore store =
        new FileSystemSnapshotStore(
            new FailingCreateFileIO(FailingCreateFileIO.Mode.FAIL_AFTER_CREATE), paths());

    store.publish(snapshot(1, "a"));

    assertThat(new FileSystemSnapshotStore(io, paths()).latest()).contains(snapshot(1, "a"));
  }

  @Test
  void reportsAnUnknownOutcomeWhenTheCreateFailedAndTheSnapshotIsAbsent() {
    FileSystemSnapshotStore store =
        new FileSystemSnapshotStore(
            new FailingCreateFileIO(FailingCreateFileIO.Mode.FAIL_BEFORE_CREATE), paths());

    assertThatThrownBy(() -> store.publish(snapshot(1, "a")))
        .isInstanceOf(CommitStateUnknownException.class)
        .hasMessageContaining("snapshot 1")
        .hasMessageContaining("Injected failure")
        .hasMessageContaining("absent");
  }

  @Test
  void reportsAnUnknownOutcomeWhenTheSnapshotCannotBeReadBack() {
    FileSystemSnapshotStore store =
        new FileSystemSnapshotStore(
            new FailingCreateFileIO(FailingCreateFileIO.Mode.FAIL_AND_LOSE_READS), paths());

    assertThatThrownBy(() -> store.publish(snapshot(1, "a")))
        .isInstanceOf(CommitStateUnknownException.class)
        .hasMessageContaining("cannot be read back");
  }

  @Test
  void reportsAConflictWhenTheCreateFailedAndAnotherWritersSnapshotIsInPlace() {
    new FileSystemSnapshotStore(io, paths()).publish(snapshot(1, "other"));
    FileSystemSnapshotStore store =
        new FileSystemSnapshotStore(
            new FailingCreateFileIO(FailingCreateFileIO.Mode.FAIL_BEFORE_CREATE), paths());

    assertThatThrownBy(() -> store.publish(snapshot(1, "a")))
        .isInstanceOf(CommitConflictException.class);
  }
}
