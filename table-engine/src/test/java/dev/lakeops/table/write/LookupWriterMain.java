package dev.lakeops.table.write;

import dev.lakeops.table.Table;
import dev.lakeops.table.commit.CommitResult;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.io.LocalFileIO;
import dev.lakeops.table.meta.Snapshot;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * A writer process for {@link LookupWriteProcessTest}: commits the deterministic batches of {@link
 * #batch} to a deletion-vector table through {@link TableWrite}, one writer for the whole run,
 * starting after the commit user's latest committed identifier, and prints {@code ACK <identifier>
 * <snapshot ids>} once a commit is acknowledged.
 */
final class LookupWriterMain {

  static final String USER = "lookup-job";
  static final String DT = "2024-01-01";

  private LookupWriterMain() {}

  public static void main(String[] args) {
    Table table = Table.load(new LocalFileIO(), Path.of(args[0]));
    int commits = Integer.parseInt(args[1]);
    PrintStream out = System.out;
    long last = lastCommitted(table).orElse(0L);
    try (TableWrite write = table.newWrite(USER)) {
      for (long k = last + 1; k <= last + commits; k++) {
        batch(k).forEach(write::write);
        CommitResult result = table.newCommit().commit(write.prepareCommit(k));
        out.println(
            "ACK "
                + k
                + " "
                + result.snapshots().stream()
                    .map(s -> Long.toString(s.id()))
                    .collect(Collectors.joining(",")));
        out.flush();
      }
    }
  }

  /** The identifier of the writer's latest snapshot in the table. */
  static Optional<Long> lastCommitted(Table table) {
    Optional<Snapshot> s = table.latestSnapshot();
    while (s.isPresent()) {
      if (s.get().commitUser().equals(USER)) {
        return Optional.of(s.get().commitIdentifier());
      }
      s =
          s.get().id() == 1
              ? Optional.empty()
              : table.snapshotStore().findSnapshot(s.get().id() - 1);
    }
    return Optional.empty();
  }

  /** Commit {@code k}: upserts of keys {@code k..k+7 mod 40}, a delete of key {@code 3k mod 40}. */
  static List<Row> batch(long k) {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      int id = (int) ((k + i) % 40);
      rows.add(Row.of(DT, id, "c" + k + "-" + i, (double) k));
    }
    rows.add(Row.ofKind(RowKind.DELETE, DT, (int) ((3 * k) % 40), null, null));
    return rows;
  }

  /** The rows of the table after commits {@code 1..k}, by key. */
  static TreeMap<Integer, Row> model(long k) {
    TreeMap<Integer, Row> rows = new TreeMap<>();
    for (long c = 1; c <= k; c++) {
      for (Row r : batch(c)) {
        if (r.kind().isAdd()) {
          rows.put((Integer) r.get(1), r);
        } else {
          rows.remove((Integer) r.get(1));
        }
      }
    }
    return rows;
  }
}
