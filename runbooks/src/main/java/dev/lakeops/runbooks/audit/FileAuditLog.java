package dev.lakeops.runbooks.audit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * An {@link AuditLog} in one JSON-lines file: each record one line, appended and forced to disk
 * ({@link FileChannel#force}) before {@link #append} returns. Appenders in any thread or process
 * serialize on a lock file next to it ({@code <file>.lock}).
 */
public final class FileAuditLog implements AuditLog {

  private final Path file;
  private final Path lockFile;
  private final Clock clock;

  public FileAuditLog(Path file, Clock clock) {
    this.file = file.toAbsolutePath().normalize();
    this.lockFile = this.file.resolveSibling(this.file.getFileName() + ".lock");
    this.clock = clock;
  }

  public Path file() {
    return file;
  }

  @Override
  public AuditRecord append(AuditEntry entry) {
    return FileLocking.withLock(
        lockFile,
        () -> {
          long seq = 1;
          String previous = AuditRecord.GENESIS;
          String last = lastLine();
          if (last != null) {
            JsonNode n = parseLine(last, -1);
            seq = n.path("seq").asLong() + 1;
            previous = n.path("hash").asText();
          }
          ObjectNode node = AuditJson.unhashed(seq, clock.instant(), entry, previous);
          node.put("hash", AuditJson.hash(previous, node));
          byte[] line = (AuditJson.canonical(node) + "\n").getBytes(StandardCharsets.UTF_8);
          try {
            Files.createDirectories(file.getParent());
            try (FileChannel ch =
                FileChannel.open(
                    file,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE,
                    StandardOpenOption.APPEND)) {
              ByteBuffer buf = ByteBuffer.wrap(line);
              while (buf.hasRemaining()) {
                ch.write(buf);
              }
              ch.force(true);
            }
          } catch (IOException e) {
            throw new UncheckedIOException("Failed to append to audit log " + file, e);
          }
          return AuditJson.toRecord(node);
        });
  }

  @Override
  public List<AuditRecord> read(Instant since) {
    List<AuditRecord> out = new ArrayList<>();
    List<String> lines = lines();
    for (int i = 0; i < lines.size(); i++) {
      AuditRecord r = AuditJson.toRecord(parseLine(lines.get(i), i + 1));
      if (!r.at().isBefore(since)) {
        out.add(r);
      }
    }
    return out;
  }

  @Override
  public ChainVerification verifyChain() {
    return AuditChain.verify(lines(), line -> "line " + line);
  }

  private List<String> lines() {
    if (!Files.exists(file)) {
      return List.of();
    }
    try {
      return Files.readAllLines(file, StandardCharsets.UTF_8).stream()
          .filter(l -> !l.isBlank())
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to read audit log " + file, e);
    }
  }

  private JsonNode parseLine(String line, long lineNo) {
    try {
      return AuditJson.parse(line);
    } catch (JsonProcessingException e) {
      throw new CorruptAuditLogException(
          "Audit log "
              + file
              + (lineNo > 0 ? " line " + lineNo : " last line")
              + " is not valid JSON; run the audit chain check",
          e);
    }
  }

  // Reads backwards from the end to the previous newline: appends stay O(record), not O(log).
  private String lastLine() {
    if (!Files.exists(file)) {
      return null;
    }
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r")) {
      long end = raf.length();
      while (end > 0) {
        raf.seek(end - 1);
        if (raf.read() != '\n') {
          break;
        }
        end--;
      }
      if (end == 0) {
        return null;
      }
      long start = end;
      byte[] one = new byte[1];
      while (start > 0) {
        raf.seek(start - 1);
        raf.readFully(one);
        if (one[0] == '\n') {
          break;
        }
        start--;
      }
      byte[] bytes = new byte[(int) (end - start)];
      raf.seek(start);
      raf.readFully(bytes);
      return new String(bytes, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to read audit log " + file, e);
    }
  }
}
