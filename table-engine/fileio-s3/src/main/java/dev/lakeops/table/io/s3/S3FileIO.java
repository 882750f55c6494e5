package dev.lakeops.table.io.s3;

import dev.lakeops.table.io.FileExistsException;
import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.io.FileOutput;
import dev.lakeops.table.io.IoCounters;
import dev.lakeops.table.io.IoStats;
import dev.lakeops.table.io.ObjectStoreException;
import dev.lakeops.table.io.ObjectStoreException.Kind;
import dev.lakeops.table.io.SeekableInput;
import java.io.ByteArrayOutputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.ResponseBytes;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.regions.providers.DefaultAwsRegionProviderChain;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CommonPrefix;
import software.amazon.awssdk.services.s3.model.CompletedMultipartUpload;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.Delete;
import software.amazon.awssdk.services.s3.model.DeleteObjectsResponse;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.ObjectIdentifier;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * {@link FileIO} on S3 and S3-compatible stores, for one bucket: the engine's path {@code /a/b} is
 * the key {@code a/b}. A directory is a key prefix; {@link #mkdirs} leaves a zero-byte marker
 * {@code a/b/} (as Hadoop's S3A does) so that an empty database is seen.
 *
 * <p>Every PUT is atomic on S3 (an object appears whole or not at all), so {@link #writeAtomically}
 * is one PUT and {@link #create} a PUT or, above {@code s3.multipart.part-size}, a multipart upload
 * that appears when completed. {@link #createExclusively} is a PUT with {@code If-None-Match: *}:
 * S3 (since 2024) and S3Proxy's nio2 back ends answer 412 to every writer but the first, which is
 * what makes {@code snapshot-N} a safe commit point.
 *
 * <p>Reads of a {@link #openSeekable} input are ranged GETs with 64 KiB read-ahead; a read that
 * starts in the last 64 KiB fetches the whole tail, so a Parquet footer costs one GET.
 */
public final class S3FileIO implements FileIO, AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(S3FileIO.class);
  private static final int READ_AHEAD = 64 << 10;
  private static final int CONFLICT_RETRIES = 5;

  private final S3Client client;
  private final String scheme;
  private final String bucket;
  private final S3Settings settings;
  private final IoCounters counters = new IoCounters();
  private final Set<String> markersMade = ConcurrentHashMap.newKeySet();

  S3FileIO(S3Client client, String scheme, String bucket, S3Settings settings) {
    this.client = client;
    this.scheme = scheme;
    this.bucket = bucket;
    this.settings = settings;
  }

  /**
   * A FileIO for {@code bucket} with its own client.
   *
   * @throws IllegalArgumentException the settings leave no region to use
   */
  public static S3FileIO open(String scheme, String bucket, S3Settings settings) {
    var builder =
        S3Client.builder()
            .httpClientBuilder(ApacheHttpClient.builder())
            .region(region(settings))
            .forcePathStyle(settings.pathStyle())
            .credentialsProvider(credentials(settings))
            .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
            .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED)
            .overrideConfiguration(
                c ->
                    c.retryStrategy(
                        AwsRetryStrategy.standardRetryStrategy().toBuilder()
                            .maxAttempts(settings.maxAttempts())
                            .build()));
    if (settings.endpoint() != null) {
      builder.endpointOverride(settings.endpoint());
    }
    return new S3FileIO(builder.build(), scheme, bucket, settings);
  }

  private static Region region(S3Settings settings) {
    if (settings.region().isPresent()) {
      return Region.of(settings.region().get());
    }
    try {
      return new DefaultAwsRegionProviderChain().getRegion();
    } catch (SdkException e) {
      if (settings.endpoint() != null) {
        return Region.US_EAST_1; // S3-compatible stores accept any region in the signature
      }
      throw new IllegalArgumentException(
          "No AWS region for the S3 warehouse: set " + S3Settings.REGION + " or AWS_REGION", e);
    }
  }

  private static AwsCredentialsProvider credentials(S3Settings settings) {
    if (!settings.hasStaticCredentials()) {
      return DefaultCredentialsProvider.builder().build();
    }
    return StaticCredentialsProvider.create(
        settings.sessionToken() == null
            ? AwsBasicCredentials.create(settings.accessKey(), settings.secretKey())
            : AwsSessionCredentials.create(
                settings.accessKey(), settings.secretKey(), settings.sessionToken()));
  }

  /** The SDK client, for administration (creating a bucket in a test). */
  S3Client client() {
    return client;
  }

  public S3Settings settings() {
    return settings;
  }

  public String bucket() {
    return bucket;
  }

  // Requires: path is absolute (the engine's paths under FileIOs.rootPath of an s3:// URI).
  String key(Path path) {
    String s = path.normalize().toString().replace('\\', '/');
    if (!s.startsWith("/")) {
      throw new IllegalArgumentException(
          "Invalid S3 path: " + path + " (paths are absolute names under s3://" + bucket + "/)");
    }
    return s.substring(1);
  }

  private String prefix(Path dir) {
    String key = key(dir);
    return key.isEmpty() ? "" : key + "/";
  }

  @Override
  public String location(Path path) {
    return scheme + "://" + bucket + "/" + key(path);
  }

  private String uri(String key) {
    return scheme + "://" + bucket + "/" + key;
  }

  @Override
  public IoStats stats() {
    return counters.snapshot();
  }

  // ---- reads

  @Override
  public byte[] readBytes(Path file) {
    return find(file, "GET")
        .orElseThrow(
            () ->
                new UncheckedIOException(
                    "Failed to read " + location(file) + ": no such object",
                    new NoSuchFileException(location(file))));
  }

  @Override
  public Optional<byte[]> findBytes(Path file) {
    return find(file, "GET");
  }

  private Optional<byte[]> find(Path file, String operation) {
    String key = key(file);
    ResponseBytes<GetObjectResponse> bytes;
    try {
      bytes = client.getObjectAsBytes(b -> b.bucket(bucket).key(key));
    } catch (NoSuchKeyException e) {
      counters.get(0);
      return Optional.empty();
    } catch (SdkException e) {
      counters.get(0);
      throw S3Errors.of(operation, uri(key), e);
    }
    byte[] content = bytes.asByteArrayUnsafe();
    counters.get(content.length);
    Long expected = bytes.response().contentLength();
    if (expected != null && expected != content.length) {
      throw truncated(operation, key, expected, content.length);
    }
    return Optional.of(content);
  }

  private ObjectStoreException truncated(String operation, String key, long expected, long got) {
    return new ObjectStoreException(
        Kind.TRUNCATED,
        uri(key),
        operation,
        "expected " + expected + " bytes, received " + got,
        null);
  }

  /**
   * Reads the object by ranged GETs, each a complete response: the first of {@link #READ_AHEAD}
   * bytes (a small file is read whole by it), each next one twice as long, up to {@link
   * #STREAM_CHUNK_MAX}. No connection is held between two reads, so a merge that keeps hundreds of
   * files open at once (one sorted run each) never waits for the client's connection pool, which a
   * streaming GET per open file would exhaust; memory per open stream stays at one chunk.
   */
  @Override
  public InputStream open(Path file) {
    String key = key(file);
    ResponseBytes<GetObjectResponse> first;
    try {
      first =
          client.getObjectAsBytes(
              b -> b.bucket(bucket).key(key).range("bytes=0-" + (READ_AHEAD - 1)));
    } catch (NoSuchKeyException e) {
      counters.get(0);
      throw new UncheckedIOException(
          "Failed to open " + uri(key) + ": no such object", new NoSuchFileException(uri(key)));
    } catch (S3Exception e) {
      counters.get(0);
      if (e.statusCode() == 416) { // no byte to range over: an empty object
        long length = head(key, "GET").map(HeadObjectResponse::contentLength).orElse(-1L);
        if (length == 0) {
          return InputStream.nullInputStream();
        }
      }
      throw S3Errors.of("GET", uri(key), e);
    } catch (SdkException e) {
      counters.get(0);
      throw S3Errors.of("GET", uri(key), e);
    }
    byte[] head = first.asByteArrayUnsafe();
    counters.get(head.length);
    long length = totalLength(first.response(), head.length);
    if (head.length < Math.min(length, READ_AHEAD)) {
      throw truncated("GET", key, Math.min(length, READ_AHEAD), head.length);
    }
    return new ChunkedObjectStream(new S3Input(key, length), head);
  }

  private static final int STREAM_CHUNK_MAX = 1 << 20;

  // "bytes 0-65535/1048576" names the object's length after the slash; without a Content-Range
  // the store ignored the range and sent the whole object.
  private static long totalLength(GetObjectResponse response, int received) {
    String range = response.contentRange();
    if (range != null) {
      int slash = range.lastIndexOf('/');
      if (slash >= 0 && !range.endsWith("*")) {
        try {
          return Long.parseLong(range.substring(slash + 1).trim());
        } catch (NumberFormatException e) {
          // fall through: take what was received as the whole object
        }
      }
    }
    return received;
  }

  /** A sequential read over ranged GETs of growing size (see {@link #open}). */
  private static final class ChunkedObjectStream extends InputStream {
    private final S3Input source;
    private byte[] chunk;
    private long chunkStart;
    private int offset;
    private int nextSize;

    ChunkedObjectStream(S3Input source, byte[] first) {
      this.source = source;
      this.chunk = first;
      this.nextSize = Math.min(READ_AHEAD * 2, STREAM_CHUNK_MAX);
    }

    @Override
    public int read() {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      java.util.Objects.checkFromIndexSize(off, len, b.length);
      if (len == 0) {
        return 0;
      }
      if (offset == chunk.length && !fetch()) {
        return -1;
      }
      int n = Math.min(len, chunk.length - offset);
      System.arraycopy(chunk, offset, b, off, n);
      offset += n;
      return n;
    }

    @Override
    public int available() {
      return chunk.length - offset;
    }

    private boolean fetch() {
      long position = chunkStart + chunk.length;
      if (position >= source.length()) {
        return false;
      }
      int size = (int) Math.min(nextSize, source.length() - position);
      chunk = source.range(position, size);
      chunkStart = position;
      offset = 0;
      nextSize = Math.min(nextSize * 2, STREAM_CHUNK_MAX);
      return true;
    }
  }

  @Override
  public SeekableInput openSeekable(Path file) {
    String key = key(file);
    HeadObjectResponse head =
        head(key, "GET")
            .orElseThrow(
                () ->
                    new UncheckedIOException(
                        "Failed to open " + uri(key) + ": no such object",
                        new NoSuchFileException(uri(key))));
    return new S3Input(key, head.contentLength());
  }

  /** Without the HEAD: the length is the data file's size in its manifest entry. */
  @Override
  public SeekableInput openSeekable(Path file, long knownLength) {
    return knownLength < 0 ? openSeekable(file) : new S3Input(key(file), knownLength);
  }

  /** Ranged GETs with a read-ahead buffer. */
  private final class S3Input implements SeekableInput {
    private final String key;
    private final long length;
    private byte[] buffer = new byte[0];
    private long bufferStart = -1;

    S3Input(String key, long length) {
      this.key = key;
      this.length = length;
    }

    @Override
    public long length() {
      return length;
    }

    @Override
    public int read(long position, byte[] buf, int off, int len) {
      java.util.Objects.checkFromIndexSize(off, len, buf.length);
      if (position < 0) {
        throw new IllegalArgumentException("Invalid position " + position + " in " + uri(key));
      }
      if (position >= length) {
        return -1;
      }
      if (len == 0) {
        return 0;
      }
      int wanted = (int) Math.min(len, length - position);
      if (bufferStart >= 0
          && position >= bufferStart
          && position + wanted <= bufferStart + buffer.length) {
        System.arraycopy(buffer, (int) (position - bufferStart), buf, off, wanted);
        return wanted;
      }
      if (wanted >= READ_AHEAD) {
        byte[] got = range(position, wanted);
        System.arraycopy(got, 0, buf, off, wanted);
        return wanted;
      }
      long start = length - position <= READ_AHEAD ? Math.max(0, length - READ_AHEAD) : position;
      int size = (int) Math.min(READ_AHEAD, length - start);
      buffer = range(start, size);
      bufferStart = start;
      System.arraycopy(buffer, (int) (position - start), buf, off, wanted);
      return wanted;
    }

    private byte[] range(long start, int size) {
      ResponseBytes<GetObjectResponse> bytes;
      try {
        bytes =
            client.getObjectAsBytes(
                b -> b.bucket(bucket).key(key).range("bytes=" + start + "-" + (start + size - 1)));
      } catch (NoSuchKeyException e) {
        counters.get(0);
        throw new UncheckedIOException(
            "Failed to read " + uri(key) + " at offset " + start + ": the object is gone",
            new NoSuchFileException(uri(key)));
      } catch (S3Exception e) {
        counters.get(0);
        if (e.statusCode() == 416) { // the range starts past the end of what the object now holds
          throw new ObjectStoreException(
              Kind.TRUNCATED,
              uri(key),
              "GET",
              answer(e) + " (range at " + start + "; object of " + length + " bytes when opened)",
              e);
        }
        throw S3Errors.of("GET", uri(key), e);
      } catch (SdkException e) {
        counters.get(0);
        throw S3Errors.of("GET", uri(key), e);
      }
      byte[] got = bytes.asByteArrayUnsafe();
      counters.get(got.length);
      if (got.length < size) {
        throw new ObjectStoreException(
            Kind.TRUNCATED,
            uri(key),
            "GET",
            "range at "
                + start
                + " returned "
                + got.length
                + " of "
                + size
                + " bytes (object of "
                + length
                + " bytes when opened)",
            null);
      }
      return got.length == size ? got : java.util.Arrays.copyOf(got, size);
    }

    @Override
    public void close() {}

    @Override
    public String toString() {
      return uri(key);
    }
  }

  // ---- writes

  @Override
  public void writeAtomically(Path file, byte[] content) {
    put(key(file), content, false);
  }

  @Override
  public void writeAtomically(Path file, ContentWriter writer) {
    S3Output out = new S3Output(key(file), false);
    try {
      writer.writeTo(out);
    } catch (IOException | RuntimeException e) {
      out.abort();
      if (e instanceof IOException io) {
        throw new UncheckedIOException("Failed to write " + location(file), io);
      }
      throw (RuntimeException) e;
    }
    out.close();
  }

  @Override
  public void createExclusively(Path file, byte[] content) {
    if (!settings.conditionalWrites()) {
      throw new ObjectStoreException(
          Kind.CONDITIONAL_WRITE_UNSUPPORTED,
          location(file),
          "PUT",
          S3Settings.CONDITIONAL_WRITES + "=false",
          null);
    }
    if (!put(key(file), content, true)) {
      throw new FileExistsException(file);
    }
  }

  @Override
  public FileOutput create(Path file) {
    return new S3Output(key(file), true);
  }

  /**
   * One PUT; with {@code exclusive}, {@code If-None-Match: *}. Returns false when an exclusive put
   * found the key taken (412).
   */
  private boolean put(String key, byte[] content, boolean exclusive) {
    for (int attempt = 1; ; attempt++) {
      try {
        client.putObject(
            b -> {
              b.bucket(bucket).key(key);
              if (exclusive) {
                b.ifNoneMatch("*");
              }
            },
            RequestBody.fromBytes(content));
        counters.put(content.length);
        return true;
      } catch (S3Exception e) {
        counters.put(0);
        int status = e.statusCode();
        if (exclusive && status == 412) {
          return false;
        }
        // 409 ConditionalRequestConflict: a concurrent conditional write is in flight; S3 asks
        // for a retry, which then sees the winner's object (412) or wins.
        if (exclusive && status == 409 && attempt < CONFLICT_RETRIES) {
          pause(attempt);
          continue;
        }
        if (exclusive && (status == 501 || isUnsupportedHeader(e))) {
          throw new ObjectStoreException(
              Kind.CONDITIONAL_WRITE_UNSUPPORTED, uri(key), "PUT", answer(e), e);
        }
        throw S3Errors.of("PUT", uri(key), e);
      } catch (SdkException e) {
        counters.put(0);
        throw S3Errors.of("PUT", uri(key), e);
      }
    }
  }

  private static boolean isUnsupportedHeader(S3Exception e) {
    String code = e.awsErrorDetails() == null ? null : e.awsErrorDetails().errorCode();
    return "NotImplemented".equals(code);
  }

  private static String answer(S3Exception e) {
    return e.statusCode()
        + (e.awsErrorDetails() == null
            ? ""
            : " " + e.awsErrorDetails().errorCode() + ": " + e.awsErrorDetails().errorMessage());
  }

  private static void pause(int attempt) {
    try {
      Thread.sleep(20L * attempt);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while retrying a conditional write", e);
    }
  }

  /**
   * Buffers a part; the first full part starts a multipart upload, close completes it (or sends the
   * one small PUT). {@code exclusive}: the object must not exist (If-None-Match on the PUT or the
   * completion).
   */
  private final class S3Output extends FileOutput {
    private final String key;
    private final boolean exclusive;
    private final int partSize = (int) Math.min(Integer.MAX_VALUE - 64, settings.partSize());
    private ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    private final List<CompletedPart> parts = new ArrayList<>();
    private String uploadId;
    private long position;
    private boolean done;

    S3Output(String key, boolean exclusive) {
      this.key = key;
      this.exclusive = exclusive;
    }

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      if (done) {
        throw new IOException("Output to " + uri(key) + " is already closed or aborted");
      }
      java.util.Objects.checkFromIndexSize(off, len, b.length);
      while (len > 0) {
        int n = Math.min(len, partSize - buffer.size());
        buffer.write(b, off, n);
        off += n;
        len -= n;
        position += n;
        if (buffer.size() >= partSize) {
          uploadPart();
        }
      }
    }

    private void uploadPart() {
      try {
        if (uploadId == null) {
          uploadId = client.createMultipartUpload(b -> b.bucket(bucket).key(key)).uploadId();
          counters.put(0);
        }
        byte[] part = buffer.toByteArray();
        buffer = new ByteArrayOutputStream();
        int number = parts.size() + 1;
        String etag =
            client
                .uploadPart(
                    b -> b.bucket(bucket).key(key).uploadId(uploadId).partNumber(number),
                    RequestBody.fromBytes(part))
                .eTag();
        counters.put(part.length);
        parts.add(CompletedPart.builder().partNumber(number).eTag(etag).build());
      } catch (SdkException e) {
        abort();
        throw S3Errors.of("PUT", uri(key), e);
      }
    }

    @Override
    public long position() {
      return position;
    }

    @Override
    public void abort() {
      if (done) {
        return;
      }
      done = true;
      buffer = new ByteArrayOutputStream();
      if (uploadId != null) {
        try {
          client.abortMultipartUpload(b -> b.bucket(bucket).key(key).uploadId(uploadId));
          counters.delete();
        } catch (SdkException e) {
          LOG.warn("Failed to abort the multipart upload of {}", uri(key), e);
        }
      }
    }

    @Override
    public void close() {
      if (done) {
        return;
      }
      if (uploadId == null) {
        done = true;
        if (!put(key, buffer.toByteArray(), exclusive)) {
          throw exists();
        }
        return;
      }
      if (buffer.size() > 0) {
        uploadPart();
      }
      done = true;
      try {
        client.completeMultipartUpload(
            b -> {
              b.bucket(bucket)
                  .key(key)
                  .uploadId(uploadId)
                  .multipartUpload(CompletedMultipartUpload.builder().parts(parts).build());
              if (exclusive) {
                b.ifNoneMatch("*");
              }
            });
        counters.put(0);
      } catch (S3Exception e) {
        counters.put(0);
        abortQuietly();
        if (exclusive && e.statusCode() == 412) {
          throw exists();
        }
        throw S3Errors.of("PUT", uri(key), e);
      } catch (SdkException e) {
        counters.put(0);
        abortQuietly();
        throw S3Errors.of("PUT", uri(key), e);
      }
    }

    private void abortQuietly() {
      try {
        client.abortMultipartUpload(b -> b.bucket(bucket).key(key).uploadId(uploadId));
      } catch (SdkException e) {
        LOG.warn("Failed to abort the multipart upload of {}", uri(key), e);
      }
    }

    private UncheckedIOException exists() {
      return new UncheckedIOException(
          "Failed to create " + uri(key) + ": it already exists",
          new FileAlreadyExistsException(uri(key)));
    }
  }

  // ---- metadata

  private Optional<HeadObjectResponse> head(String key, String operation) {
    try {
      HeadObjectResponse r = client.headObject(b -> b.bucket(bucket).key(key));
      counters.head();
      return Optional.of(r);
    } catch (NoSuchKeyException e) {
      counters.head();
      return Optional.empty();
    } catch (S3Exception e) {
      counters.head();
      if (e.statusCode() == 404) {
        return Optional.empty();
      }
      throw S3Errors.of(operation, uri(key), e);
    } catch (SdkException e) {
      counters.head();
      throw S3Errors.of(operation, uri(key), e);
    }
  }

  private HeadObjectResponse headOrMissing(Path file) {
    String key = key(file);
    return head(key, "HEAD")
        .orElseThrow(
            () ->
                new UncheckedIOException(
                    "Failed to read the attributes of " + uri(key) + ": no such object",
                    new FileNotFoundException(uri(key))));
  }

  @Override
  public long size(Path file) {
    return headOrMissing(file).contentLength();
  }

  @Override
  public Instant lastModified(Path file) {
    return headOrMissing(file).lastModified();
  }

  @Override
  public boolean exists(Path path) {
    String key = key(path);
    if (!key.isEmpty() && head(key, "HEAD").isPresent()) {
      return true;
    }
    return isDirectory(path);
  }

  @Override
  public boolean isDirectory(Path path) {
    String prefix = prefix(path);
    try {
      ListObjectsV2Response r =
          client.listObjectsV2(b -> b.bucket(bucket).prefix(prefix).maxKeys(1));
      counters.list();
      return r.keyCount() != null && r.keyCount() > 0 || !r.contents().isEmpty();
    } catch (SdkException e) {
      counters.list();
      throw S3Errors.of("LIST", uri(prefix), e);
    }
  }

  @Override
  public void mkdirs(Path dir) {
    String prefix = prefix(dir);
    if (prefix.isEmpty() || markersMade.contains(prefix)) {
      return;
    }
    put(prefix, new byte[0], false);
    markersMade.add(prefix);
  }

  // ---- listing

  @Override
  public List<Path> list(Path dir) {
    String prefix = prefix(dir);
    List<Path> children = new ArrayList<>();
    for (ListObjectsV2Response page : pages(prefix, "/")) {
      for (CommonPrefix p : page.commonPrefixes()) {
        String name = p.prefix().substring(prefix.length(), p.prefix().length() - 1);
        if (!name.isEmpty()) {
          children.add(dir.resolve(name));
        }
      }
      for (S3Object o : page.contents()) {
        if (!o.key().equals(prefix)) {
          children.add(dir.resolve(o.key().substring(prefix.length())));
        }
      }
    }
    children.sort(null);
    return children;
  }

  @Override
  public List<Path> listFiles(Path dir) {
    String prefix = prefix(dir);
    List<Path> files = new ArrayList<>();
    for (ListObjectsV2Response page : pages(prefix, null)) {
      for (S3Object o : page.contents()) {
        if (!o.key().endsWith("/")) {
          files.add(dir.resolve(o.key().substring(prefix.length())));
        }
      }
    }
    files.sort(null);
    return files;
  }

  // Every page is one LIST request; S3 returns at most 1,000 keys a page.
  private List<ListObjectsV2Response> pages(String prefix, String delimiter) {
    List<ListObjectsV2Response> pages = new ArrayList<>();
    String token = null;
    do {
      String continuation = token;
      ListObjectsV2Request.Builder b = ListObjectsV2Request.builder().bucket(bucket).prefix(prefix);
      if (delimiter != null) {
        b.delimiter(delimiter);
      }
      if (continuation != null) {
        b.continuationToken(continuation);
      }
      ListObjectsV2Response page;
      try {
        page = client.listObjectsV2(b.build());
      } catch (SdkException e) {
        counters.list();
        throw S3Errors.of("LIST", uri(prefix), e);
      }
      counters.list();
      pages.add(page);
      token = Boolean.TRUE.equals(page.isTruncated()) ? page.nextContinuationToken() : null;
    } while (token != null);
    return pages;
  }

  // ---- deletes

  @Override
  public boolean delete(Path path) {
    String key = key(path);
    if (!key.isEmpty() && head(key, "DELETE").isPresent()) {
      deleteKey(key);
      return true;
    }
    String marker = prefix(path);
    markersMade.remove(marker);
    if (!marker.isEmpty() && head(marker, "DELETE").isPresent()) {
      deleteKey(marker);
      return true;
    }
    return false;
  }

  private void deleteKey(String key) {
    try {
      client.deleteObject(b -> b.bucket(bucket).key(key));
      counters.delete();
    } catch (SdkException e) {
      counters.delete();
      throw S3Errors.of("DELETE", uri(key), e);
    }
  }

  @Override
  public boolean deleteRecursively(Path dir) {
    String prefix = prefix(dir);
    List<String> keys = new ArrayList<>();
    for (ListObjectsV2Response page : pages(prefix, null)) {
      for (S3Object o : page.contents()) {
        keys.add(o.key());
      }
    }
    markersMade.removeIf(m -> m.startsWith(prefix));
    boolean file = !prefix.isEmpty() && head(key(dir), "DELETE").isPresent();
    if (file) {
      keys.add(key(dir));
    }
    for (int from = 0; from < keys.size(); from += 1000) {
      List<ObjectIdentifier> batch =
          keys.subList(from, Math.min(keys.size(), from + 1000)).stream()
              .map(k -> ObjectIdentifier.builder().key(k).build())
              .toList();
      DeleteObjectsResponse r;
      try {
        r =
            client.deleteObjects(
                b -> b.bucket(bucket).delete(Delete.builder().objects(batch).quiet(true).build()));
      } catch (SdkException e) {
        counters.delete();
        throw S3Errors.of("DELETE", uri(prefix), e);
      }
      counters.delete();
      if (!r.errors().isEmpty()) {
        var first = r.errors().get(0);
        throw new ObjectStoreException(
            Kind.FAILED,
            uri(first.key()),
            "DELETE",
            r.errors().size()
                + " keys not deleted; first: "
                + first.code()
                + ": "
                + first.message(),
            null);
      }
    }
    return !keys.isEmpty();
  }

  @Override
  public void close() {
    client.close();
  }

  @Override
  public String toString() {
    return "S3FileIO[" + scheme + "://" + bucket + ", " + settings + "]";
  }
}
