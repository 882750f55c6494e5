package dev.lakeops.table.meta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.io.LocalFileIO;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConsumerJsonTest {

  @Test
  void writesAndReadsTheNextSnapshot() {
    assertThat(ConsumerJson.toJson(new Consumer(5))).isEqualTo("{\n  \"nextSnapshot\" : 5\n}");
    assertThat(ConsumerJson.fromJson("{\"nextSnapshot\": 5, \"other\": 1}"))
        .isEqualTo(new Consumer(5));
  }

  @Test
  void findsNothingForAMissingConsumerAndNamesTheFileOfABadOne(@TempDir Path dir) throws Exception {
    LocalFileIO io = new LocalFileIO();
    Path file = dir.resolve("consumer-c1");

    assertThat(ConsumerJson.find(io, file)).isEmpty();
    Files.writeString(file, "{\"nextSnapshot\": \"soon\"}");
    assertThatThrownBy(() -> ConsumerJson.find(io, file))
        .isInstanceOf(CorruptSnapshotException.class)
        .hasMessageContaining("consumer-c1")
        .hasMessageContaining("soon");
  }
}
