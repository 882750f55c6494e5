package dev.lakeops.runbooks.approval;

import dev.lakeops.runbooks.audit.FileLocking;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * A {@link ProposalStore} in a directory: one {@code <id>.json} per proposal, replaced by an atomic
 * rename. Changes serialize on {@code .lock} in the directory (a JVM lock plus an OS file lock), so
 * read-check-write is atomic across threads and processes.
 */
public final class FileProposalStore implements ProposalStore {

  private final Path dir;
  private final Path lockFile;

  public FileProposalStore(Path dir) {
    this.dir = dir.toAbsolutePath().normalize();
    this.lockFile = this.dir.resolve(".lock");
  }

  @Override
  public void create(Proposal proposal) {
    FileLocking.withLock(
        lockFile,
        () -> {
          if (Files.exists(file(proposal.id()))) {
            throw new IllegalStateException(
                "Proposal " + proposal.id() + " already exists in " + dir);
          }
          String binding = proposal.bindingHash();
          for (Proposal open : open()) {
            if (open.bindingHash().equals(binding)) {
              throw new DuplicateProposalException(
                  open.id(), "proposal " + open.id() + " has the same binding and is open");
            }
          }
          write(proposal);
          return null;
        });
  }

  @Override
  public Optional<Proposal> find(String id) {
    if (!id.matches("[A-Za-z0-9-]+")) {
      return Optional.empty();
    }
    Path file = file(id);
    try {
      return Optional.of(ProposalJson.fromJson(Files.readString(file, StandardCharsets.UTF_8)));
    } catch (java.nio.file.NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to read proposal " + file, e);
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException(
          "Proposal file " + file + " is damaged: " + e.getMessage(), e);
    }
  }

  @Override
  public List<Proposal> list() {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    List<Proposal> out = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path p : files.filter(p -> p.getFileName().toString().endsWith(".json")).toList()) {
        String name = p.getFileName().toString();
        find(name.substring(0, name.length() - ".json".length())).ifPresent(out::add);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to list proposals in " + dir, e);
    }
    out.sort(Comparator.comparing(Proposal::created).thenComparing(Proposal::id));
    return out;
  }

  @Override
  public boolean transition(String id, ProposalState from, ProposalState to) {
    return update(id, p -> p.state() == from ? p.withState(to) : null);
  }

  @Override
  public boolean addApproval(
      String id, ProposalState expected, Approval approval, ProposalState next) {
    return update(id, p -> p.state() == expected ? p.withApproval(approval).withState(next) : null);
  }

  // Requires: change returns null to leave the proposal as it is.
  private boolean update(String id, UnaryOperator<Proposal> change) {
    return FileLocking.withLock(
        lockFile,
        () -> {
          Optional<Proposal> current = find(id);
          if (current.isEmpty()) {
            return false;
          }
          Proposal next = change.apply(current.get());
          if (next == null) {
            return false;
          }
          write(next);
          return true;
        });
  }

  private Path file(String id) {
    return dir.resolve(id + ".json");
  }

  private void write(Proposal proposal) {
    Path target = file(proposal.id());
    Path tmp = dir.resolve("." + proposal.id() + "." + UUID.randomUUID() + ".tmp");
    try {
      Files.createDirectories(dir);
      try (var ch =
          java.nio.channels.FileChannel.open(
              tmp,
              java.nio.file.StandardOpenOption.CREATE_NEW,
              java.nio.file.StandardOpenOption.WRITE)) {
        ch.write(
            java.nio.ByteBuffer.wrap(
                ProposalJson.toJson(proposal).getBytes(StandardCharsets.UTF_8)));
        ch.force(true);
      }
      try {
        Files.move(
            tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        throw new IOException("The file system of " + dir + " cannot rename atomically", e);
      }
    } catch (IOException e) {
      try {
        Files.deleteIfExists(tmp);
      } catch (IOException ignored) {
        // the temporary file is harmless; the error below names the proposal
      }
      throw new UncheckedIOException("Failed to write proposal " + target, e);
    }
  }
}
