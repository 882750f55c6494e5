package dev.lakeops.table.consumer;

import static dev.lakeops.table.catalog.TestTables.commit;
import static dev.lakeops.table.catalog.TestTables.order;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.TestTables;
import dev.lakeops.table.maintenance.ExpireRetention;
import dev.lakeops.table.maintenance.SnapshotExpiration;
import dev.lakeops.table.meta.Consumer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConsumersTest {

  private static final ExpireRetention KEEP_ONE = new ExpireRetention(1, 1000, Duration.ZERO, 50);

  @TempDir Path dir;

  private Table tableWithFiveSnapshots(Map<String, String> options) {
    Table table = TestTables.orders(TestTables.warehouse(dir), "orders", options);
    for (int i = 1; i <= 5; i++) {
      commit(table, i, List.of(order("d1", i, "x", 1.0)));
    }
    return table;
  }

  @Test
  void savesFindsAndListsConsumersInPaimonsFile() throws Exception {
    Table table = tableWithFiveSnapshots(Map.of());
    Consumers consumers = new Consumers(table.io(), table.paths());
    consumers.save("b", new Consumer(4));
    consumers.save("a", new Consumer(2));

    assertThat(Files.readString(table.paths().root().resolve("consumer/consumer-a")))
        .isEqualToIgnoringWhitespace("{\"nextSnapshot\":2}");
    assertThat(consumers.find("a")).contains(new Consumer(2));
    assertThat(consumers.find("missing")).isEmpty();
    assertThat(consumers.all()).containsOnlyKeys("a", "b");
    assertThat(consumers.minNextSnapshot(null)).hasValue(2);
    assertThat(consumers.delete("a")).isTrue();
    assertThat(consumers.minNextSnapshot(null)).hasValue(4);
  }

  @Test
  void aStaleConsumerIsExpiredBeforeSnapshotsWithConsumerExpirationTime() throws Exception {
    Table table = tableWithFiveSnapshots(Map.of("consumer.expiration-time", "1 h"));
    Consumers consumers = new Consumers(table.io(), table.paths());
    consumers.save("stale", new Consumer(2));
    consumers.save("live", new Consumer(4));
    Files.setLastModifiedTime(
        table.paths().consumerFile("stale"),
        FileTime.from(Instant.now().minus(Duration.ofHours(2))));

    new SnapshotExpiration(table.io(), table.paths()).expire(KEEP_ONE);

    assertThat(consumers.all()).containsOnlyKeys("live");
    assertThat(table.snapshotStore().findSnapshot(3)).isEmpty();
    assertThat(table.snapshotStore().findSnapshot(4)).isPresent();
  }

  @Test
  void withoutConsumerExpirationTimeAnOldConsumerKeepsItsSnapshots() throws Exception {
    Table table = tableWithFiveSnapshots(Map.of());
    Consumers consumers = new Consumers(table.io(), table.paths());
    consumers.save("old", new Consumer(2));
    Files.setLastModifiedTime(
        table.paths().consumerFile("old"), FileTime.from(Instant.now().minus(Duration.ofDays(30))));

    new SnapshotExpiration(table.io(), table.paths()).expire(KEEP_ONE);

    assertThat(consumers.all()).containsOnlyKeys("old");
    assertThat(table.snapshotStore().findSnapshot(1)).isEmpty();
    assertThat(table.snapshotStore().findSnapshot(2)).isPresent();
  }
}
