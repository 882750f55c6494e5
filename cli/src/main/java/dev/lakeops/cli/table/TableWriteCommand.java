package dev.lakeops.cli.table;

import dev.lakeops.cli.common.OutputOptions;
import dev.lakeops.table.Table;
import dev.lakeops.table.commit.ChangeSet;
import dev.lakeops.table.commit.CommitResult;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.write.TableWrite;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code lakeops table write TABLE}: rows from CSV or JSON lines, typed by the table's schema,
 * written and committed as one snapshot. With {@code --user} and {@code --identifier} the commit
 * goes through {@code filterAndCommit}: replaying an identifier the user already committed writes
 * nothing. Input that does not fit the table ends the command with exit code 1 and one line naming
 * the line and column; nothing is committed.
 */
@Command(
    name = "write",
    mixinStandardHelpOptions = true,
    description =
        "Write rows from CSV (header row naming the columns) or JSON lines into a table as one"
            + " commit. With --user and --identifier a replay of a committed identifier writes"
            + " nothing.")
final class TableWriteCommand implements Callable<Integer> {

  @Spec CommandSpec spec;
  @Mixin TableArgument table;
  @Mixin OutputOptions output;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      description =
          "csv or json (JSON lines); default: json for files ending .json/.jsonl/.ndjson, else csv")
  String format;

  @Option(
      names = "--file",
      paramLabel = "FILE",
      description = "Read rows from FILE instead of stdin")
  Path file;

  @Option(
      names = "--user",
      paramLabel = "USER",
      description =
          "Commit user (keep it across retries so replays are recognised); default: a new random"
              + " one")
  String user;

  @Option(
      names = "--identifier",
      paramLabel = "N",
      description =
          "Commit identifier, increasing per user (needs --user); a replay of a committed one"
              + " writes nothing")
  Long identifier;

  @Override
  public Integer call() {
    if (identifier != null && (user == null || user.isBlank())) {
      throw new ParameterException(
          spec.commandLine(), "--identifier needs --user: replays are recognised per commit user");
    }
    if (identifier != null && (identifier < 0 || identifier == Snapshot.BATCH_COMMIT_IDENTIFIER)) {
      throw new ParameterException(
          spec.commandLine(),
          "--identifier "
              + identifier
              + ": must be 0 or more and below "
              + Snapshot.BATCH_COMMIT_IDENTIFIER);
    }
    if (user != null && user.isBlank()) {
      throw new ParameterException(spec.commandLine(), "--user: the commit user is empty");
    }
    boolean json = json();
    Table t = table.load(spec);
    String commitUser = user != null ? user.strip() : "lakeops-cli-" + UUID.randomUUID();
    String source = file == null ? "stdin" : file.toString();

    Map<String, Object> result = new LinkedHashMap<>();
    result.put("table", table.name());
    result.put("commitUser", commitUser);
    result.put("commitIdentifier", identifier);
    if (identifier != null) {
      Optional<Snapshot> committed = latestOf(t, commitUser);
      if (committed.isPresent() && committed.get().commitIdentifier() >= identifier) {
        return skipped(result, committed.get());
      }
    }

    List<Row> rows = read(t, json, source);
    result.put("format", json ? "json" : "csv");
    result.put("rows", rows.size());
    if (rows.isEmpty()) {
      result.put("snapshotIds", List.of());
      result.put("files", 0);
      result.put("skipped", false);
      TableActionOutput.print(
          spec,
          output,
          result,
          "No rows in " + source + "; nothing committed to " + table.name() + ".");
      return 0;
    }
    List<CommitResult> commits;
    int files;
    try (TableWrite write = t.newWrite(commitUser)) {
      rows.forEach(write::write);
      ChangeSet changes =
          write.prepareCommit(identifier == null ? Snapshot.BATCH_COMMIT_IDENTIFIER : identifier);
      files = changes.changes().stream().mapToInt(c -> c.newFiles().size()).sum();
      commits =
          identifier == null
              ? List.of(t.newCommit().commit(changes))
              : t.newCommit().filterAndCommit(List.of(changes));
    }
    if (commits.isEmpty()) {
      // Another writer with this user committed the identifier meanwhile: the files just written
      // are orphans.
      return skipped(result, latestOf(t, commitUser).orElseThrow());
    }
    List<Long> ids = new ArrayList<>();
    commits.forEach(c -> c.snapshots().forEach(s -> ids.add(s.id())));
    result.put("snapshotIds", ids);
    result.put("files", files);
    result.put("skipped", false);
    TableActionOutput.print(
        spec,
        output,
        result,
        "Committed snapshot "
            + join(ids)
            + " to "
            + table.name()
            + ": "
            + rows.size()
            + " rows in "
            + files
            + " files (commit user "
            + commitUser
            + (identifier == null ? "" : ", identifier " + identifier)
            + ").");
    return 0;
  }

  private int skipped(Map<String, Object> result, Snapshot committed) {
    result.put("rows", 0);
    result.put("snapshotIds", List.of());
    result.put("files", 0);
    result.put("skipped", true);
    result.put("committedSnapshot", committed.id());
    result.put("committedIdentifier", committed.commitIdentifier());
    TableActionOutput.print(
        spec,
        output,
        result,
        "Nothing written: commit user "
            + result.get("commitUser")
            + " already committed identifier "
            + committed.commitIdentifier()
            + " (snapshot "
            + committed.id()
            + "), which covers identifier "
            + identifier
            + ".");
    return 0;
  }

  private List<Row> read(Table t, boolean json, String source) {
    TableRowInput input = new TableRowInput(t.schema().rowType(), ZoneId.systemDefault(), source);
    try (BufferedReader in =
        file == null
            ? new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))
            : Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return json ? input.jsonLines(in) : input.csv(in);
    } catch (NoSuchFileException e) {
      throw new ParameterException(spec.commandLine(), "--file " + file + ": no such file");
    } catch (IOException e) {
      throw new ParameterException(
          spec.commandLine(), "--file " + file + ": cannot read it (" + e.getMessage() + ")");
    } catch (java.io.UncheckedIOException e) {
      throw new ParameterException(
          spec.commandLine(), e.getMessage() + " (" + e.getCause().getMessage() + ")");
    }
  }

  private boolean json() {
    if (format == null) {
      String name = file == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
      return name.endsWith(".json") || name.endsWith(".jsonl") || name.endsWith(".ndjson");
    }
    return switch (format.toLowerCase(Locale.ROOT)) {
      case "csv" -> false;
      case "json", "jsonl" -> true;
      default ->
          throw new ParameterException(
              spec.commandLine(), "--format " + format + ": expected csv or json");
    };
  }

  /**
   * The newest snapshot committed by {@code user}, searching from the latest down (as Paimon's
   * filterAndCommit).
   */
  static Optional<Snapshot> latestOf(Table t, String user) {
    Optional<Snapshot> latest = t.latestSnapshot();
    if (latest.isEmpty()) {
      return Optional.empty();
    }
    OptionalLong earliest =
        dev.lakeops.table.meta.SnapshotHints.earliestSnapshotId(t.io(), t.paths());
    for (long id = latest.get().id(); id >= earliest.orElse(1); id--) {
      Optional<Snapshot> s = t.snapshotStore().findSnapshot(id);
      if (s.isPresent() && s.get().commitUser().equals(user)) {
        return s;
      }
    }
    return Optional.empty();
  }

  private static String join(List<Long> ids) {
    return String.join(", ", ids.stream().map(String::valueOf).toList());
  }
}
