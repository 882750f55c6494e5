package dev.lakeops.table.maintenance;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.io.FileExistsException;
import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.meta.Tag;
import dev.lakeops.table.meta.TagJson;
import dev.lakeops.table.paths.TablePaths;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates and deletes tags ({@code tag/tag-<name>}, {@code paimon-format.md} §5, §16). A tag pins
 * its snapshot's files against expiration; deleting the tag of an expired snapshot deletes the
 * files nothing else uses, as Paimon's {@code delete_tag} does.
 */
public final class Tags {

  private static final Logger LOG = LoggerFactory.getLogger(Tags.class);

  private final TableView view;

  public Tags(FileIO io, TablePaths paths) {
    this(io, paths, Clock.systemDefaultZone());
  }

  /**
   * @param clock the local time of {@code tagCreateTime} and of tag expiry
   */
  public Tags(FileIO io, TablePaths paths, Clock clock) {
    this.view = new TableView(io, paths, clock);
  }

  /** Tags by name, sorted. */
  public Map<String, Tag> list() {
    return view.tags();
  }

  /**
   * Tags snapshot {@code snapshotId} until the tag is deleted; the tag file is byte-identical to
   * the snapshot file, as Paimon writes it.
   *
   * @throws IllegalArgumentException the snapshot does not exist, or the tag exists already
   */
  public TagReport createTag(String name, long snapshotId) {
    return create(name, Tag.of(snapshot(snapshotId)));
  }

  /**
   * Tags snapshot {@code snapshotId} for {@code timeRetained} from now: the tag records {@code
   * tagCreateTime} (local time) and {@code tagTimeRetained}; {@link #expireTags} deletes it
   * afterwards.
   *
   * @throws IllegalArgumentException the snapshot does not exist, or the tag exists already
   */
  public TagReport createTag(String name, long snapshotId, Duration timeRetained) {
    requireNonNull(timeRetained, "timeRetained");
    return create(name, new Tag(snapshot(snapshotId), LocalDateTime.now(view.clock), timeRetained));
  }

  private TagReport create(String name, Tag tag) {
    Path file = view.paths.tagFile(name);
    try {
      view.io.createExclusively(file, TagJson.toJson(tag).getBytes(StandardCharsets.UTF_8));
    } catch (FileExistsException e) {
      throw new IllegalArgumentException(
          "Tag '" + name + "' already exists in " + view.paths.root(), e);
    }
    LOG.info("Created tag {} of snapshot {} in {}", name, tag.snapshot().id(), view.paths.root());
    return new TagReport(
        TagReport.Action.CREATED,
        name,
        tag.snapshot().id(),
        tag.createTime(),
        tag.timeRetained(),
        DeletedFiles.NONE);
  }

  /**
   * Deletes a tag, then, when its snapshot has expired, the files no snapshot, other tag or
   * long-lived changelog uses.
   *
   * @throws IllegalArgumentException the tag does not exist
   */
  public TagReport deleteTag(String name) {
    Tag tag = findTag(name);
    Snapshot tagged = tag.snapshot();
    List<Path> unused = snapshotLives(tag) ? List.of() : filesOnlyUsedBy(name, tag);
    view.io.delete(view.paths.tagFile(name));
    DeletedFiles deleted = FileDeleter.delete(view.io, view.paths, unused);
    LOG.info(
        "Deleted tag {} of snapshot {} in {}: {} files ({} bytes)",
        name,
        tagged.id(),
        view.paths.root(),
        deleted.count(),
        deleted.bytes());
    return new TagReport(
        TagReport.Action.DELETED, name, tagged.id(), tag.createTime(), tag.timeRetained(), deleted);
  }

  /**
   * What {@link #deleteTag} would remove now, without changing anything.
   *
   * @throws IllegalArgumentException the tag does not exist
   */
  public TagDeletePreview previewDeleteTag(String name) {
    Tag tag = findTag(name);
    boolean expired = !snapshotLives(tag);
    List<Path> unused = expired ? filesOnlyUsedBy(name, tag) : List.of();
    return new TagDeletePreview(
        name, tag.snapshot().id(), expired, FilesPreview.of(view.io, view.paths, unused));
  }

  private Tag findTag(String name) {
    return view.findTag(name)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "Tag '"
                        + name
                        + "' does not exist in "
                        + view.paths.root()
                        + " (tags: "
                        + view.tags().keySet()
                        + ")"));
  }

  private boolean snapshotLives(Tag tag) {
    Snapshot tagged = tag.snapshot();
    return view.store
        .findSnapshot(tagged.id())
        .map(s -> s.deltaManifestList().equals(tagged.deltaManifestList()))
        .orElse(false);
  }

  /**
   * Deletes the tags whose retention has passed ({@code tagCreateTime + tagTimeRetained} before
   * now).
   */
  public List<TagReport> expireTags() {
    LocalDateTime now = LocalDateTime.now(view.clock);
    List<TagReport> reports = new ArrayList<>();
    for (Map.Entry<String, Tag> e : view.tags().entrySet()) {
      Tag tag = e.getValue();
      if (tag.createTime() != null
          && tag.timeRetained() != null
          && tag.createTime().plus(tag.timeRetained()).isBefore(now)) {
        reports.add(deleteTag(e.getKey()));
      }
    }
    return reports;
  }

  private List<Path> filesOnlyUsedBy(String name, Tag tag) {
    view.checkNoBranches("delete the files of a tag");
    FileUsage usage = new FileUsage(view, view.locator());
    Set<Path> candidates = new HashSet<>();
    usage.addTag(tag, candidates);
    Set<Path> used = new HashSet<>();
    List<Snapshot> snapshots = view.allSnapshots();
    for (Snapshot s : snapshots) {
      usage.addMetadata(s, used);
    }
    usage.addDataOfRun(snapshots, used);
    for (Map.Entry<String, Tag> other : view.tags().entrySet()) {
      if (!other.getKey().equals(name)) {
        usage.addTag(other.getValue(), used);
      }
    }
    for (Snapshot changelog : view.changelogs().values()) {
      usage.addLongLivedChangelog(changelog, used);
    }
    candidates.removeAll(used);
    List<Path> files = new ArrayList<>(candidates);
    files.sort(null);
    return files;
  }

  private Snapshot snapshot(long snapshotId) {
    Optional<Snapshot> snapshot = view.store.findSnapshot(snapshotId);
    if (snapshot.isEmpty()) {
      OptionalLong earliest = view.earliestId();
      OptionalLong latest = view.latestId();
      throw new IllegalArgumentException(
          "Snapshot "
              + snapshotId
              + " of "
              + view.paths.root()
              + " does not exist"
              + (latest.isPresent()
                  ? " (snapshots " + earliest.getAsLong() + ".." + latest.getAsLong() + ")"
                  : " (no snapshots)"));
    }
    return snapshot.get();
  }
}
