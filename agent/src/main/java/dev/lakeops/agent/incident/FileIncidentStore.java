package dev.lakeops.agent.incident;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.lakeops.tools.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Incidents as one JSON file each, {@code <dir>/<id>.json}, with every incident also held in
 * memory for reads.
 *
 * <p>A save writes {@code <id>.json.tmp}, forces it to disk, renames it over {@code <id>.json}
 * atomically and forces the directory, so a crash leaves either the old or the new file, never a
 * torn one. Opening the store loads every {@code <id>.json} and deletes leftover temporary files.
 */
public final class FileIncidentStore implements IncidentStore {

  private static final Logger LOG = LoggerFactory.getLogger(FileIncidentStore.class);
  private static final String SUFFIX = ".json";
  private static final String TEMP_SUFFIX = ".json.tmp";

  // Unlike Json.mapper(), keeps empty maps and lists: the runbook records reject null collections.
  private static final ObjectMapper MAPPER =
      Json.mapper().copy().setSerializationInclusion(JsonInclude.Include.NON_NULL).enable(SerializationFeature.INDENT_OUTPUT);

  private final Path dir;
  private final Map<String, Incident> byId = new ConcurrentHashMap<>();
  private final Map<DedupKey, String> idByKey = new ConcurrentHashMap<>();

  private FileIncidentStore(Path dir) {
    this.dir = dir;
  }

  /**
   * Opens the store in {@code dir}, creating the directory when needed.
   *
   * @throws UncheckedIOException when the directory cannot be created or listed
   */
  public static FileIncidentStore open(Path dir) {
    FileIncidentStore store = new FileIncidentStore(dir.toAbsolutePath().normalize());
    store.load();
    return store;
  }

  /** The directory that holds the incident files. */
  public Path dir() {
    return dir;
  }

  @Override
  public Optional<Incident> find(String id) {
    return Optional.ofNullable(byId.get(id));
  }

  @Override
  public Optional<Incident> findByDedupKey(DedupKey key) {
    return Optional.ofNullable(idByKey.get(key)).map(byId::get);
  }

  @Override
  public List<Incident> list() {
    return byId.values().stream()
        .sorted(Comparator.comparing(Incident::receivedAt).reversed().thenComparing(Incident::id))
        .toList();
  }

  @Override
  public synchronized void save(Incident incident) {
    if (!IncidentId.isValid(incident.id())) {
      throw new IllegalArgumentException("Invalid incident id: " + incident.id());
    }
    Path target = dir.resolve(incident.id() + SUFFIX);
    Path temp = dir.resolve(incident.id() + TEMP_SUFFIX);
    try {
      byte[] json = MAPPER.writeValueAsBytes(incident);
      try (FileChannel out = FileChannel.open(temp, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
        ByteBuffer buffer = ByteBuffer.wrap(json);
        while (buffer.hasRemaining()) {
          out.write(buffer);
        }
        out.force(true);
      }
      Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      forceDirectory();
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to save incident file " + target, e);
    }
    byId.put(incident.id(), incident);
    idByKey.put(incident.dedupKey(), incident.id());
  }

  private void load() {
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to create the incident directory " + dir, e);
    }
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
      for (Path file : files) {
        String name = file.getFileName().toString();
        if (name.endsWith(TEMP_SUFFIX)) {
          // A save that crashed before its rename: the previous version, if any, is the incident.
          LOG.warn("Deleting unfinished incident file {}", file);
          Files.deleteIfExists(file);
        } else if (name.endsWith(SUFFIX) && IncidentId.isValid(name.substring(0, name.length() - SUFFIX.length()))) {
          loadFile(file, name.substring(0, name.length() - SUFFIX.length()));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to list the incident directory " + dir, e);
    }
    LOG.info("Loaded {} incidents from {}", byId.size(), dir);
  }

  private void loadFile(Path file, String id) {
    Incident incident;
    try {
      incident = MAPPER.readValue(file.toFile(), Incident.class);
    } catch (IOException | RuntimeException e) {
      // Renames are atomic, so this file was damaged outside lakeops; keep it for a person to look at.
      LOG.error("Skipping unreadable incident file {}", file, e);
      return;
    }
    if (!incident.id().equals(id)) {
      LOG.error("Skipping incident file {}: it holds incident {}", file, incident.id());
      return;
    }
    byId.put(id, incident);
    idByKey.merge(incident.dedupKey(), id, (a, b) -> byId.get(a).receivedAt().isBefore(byId.get(b).receivedAt()) ? a : b);
  }

  private void forceDirectory() {
    // Makes the rename itself durable. Linux allows fsync on a directory; other systems may not.
    try (FileChannel directory = FileChannel.open(dir, StandardOpenOption.READ)) {
      directory.force(true);
    } catch (IOException e) {
      LOG.debug("Could not force directory {}", dir, e);
    }
  }
}
