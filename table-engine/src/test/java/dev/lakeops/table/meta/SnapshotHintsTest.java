package dev.lakeops.table.meta;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.io.LocalFileIO;
import dev.lakeops.table.paths.TablePaths;
import java.nio.file.Path;
import java.util.OptionalLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SnapshotHintsTest {

  @TempDir Path dir;

  private final FileIO io = new LocalFileIO();
  private TablePaths paths;

  @BeforeEach
  void createSnapshots3To5() {
    paths = new TablePaths(dir);
    for (long id = 3; id <= 5; id++) {
      io.createExclusively(paths.snapshotFile(id), "{}".getBytes(UTF_8));
    }
  }

  @Test
  void writesTheIdWithoutNewline() {
    SnapshotHints.write(io, paths.latestHint(), 5);

    assertThat(io.readBytes(paths.latestHint())).asString(UTF_8).isEqualTo("5");
    assertThat(SnapshotHints.find(io, paths.latestHint())).isEqualTo(OptionalLong.of(5));
  }

  @Test
  void trustsAHintOnlyWhenTheNextSnapshotIsAbsent() {
    SnapshotHints.write(io, paths.latestHint(), 5);
    assertThat(SnapshotHints.latestSnapshotId(io, paths)).isEqualTo(OptionalLong.of(5));

    SnapshotHints.write(io, paths.latestHint(), 4);
    assertThat(SnapshotHints.latestSnapshotId(io, paths)).isEqualTo(OptionalLong.of(5));
  }

  @Test
  void listsTheDirectoryWhenHintsAreMissingStaleOrGarbage() {
    assertThat(SnapshotHints.latestSnapshotId(io, paths)).isEqualTo(OptionalLong.of(5));
    assertThat(SnapshotHints.earliestSnapshotId(io, paths)).isEqualTo(OptionalLong.of(3));

    SnapshotHints.write(io, paths.earliestHint(), 1);
    assertThat(SnapshotHints.earliestSnapshotId(io, paths)).isEqualTo(OptionalLong.of(3));

    io.writeAtomically(paths.latestHint(), "garbage".getBytes(UTF_8));
    assertThat(SnapshotHints.find(io, paths.latestHint())).isEmpty();
    assertThat(SnapshotHints.latestSnapshotId(io, paths)).isEqualTo(OptionalLong.of(5));
  }

  @Test
  void trustsAnEarliestHintThatExists() {
    SnapshotHints.write(io, paths.earliestHint(), 4);

    assertThat(SnapshotHints.earliestSnapshotId(io, paths)).isEqualTo(OptionalLong.of(4));
  }

  @Test
  void findsNoSnapshotInAnEmptyTable(@TempDir Path empty) {
    assertThat(SnapshotHints.latestSnapshotId(io, new TablePaths(empty))).isEmpty();
    assertThat(SnapshotHints.earliestSnapshotId(io, new TablePaths(empty))).isEmpty();
  }

  @Test
  void rejectsWritingAnInvalidId() {
    assertThatThrownBy(() -> SnapshotHints.write(io, paths.latestHint(), 0))
        .hasMessageContaining("0");
  }
}
