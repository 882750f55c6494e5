package dev.lakeops.table.compat;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.index.IndexFileMeta;
import org.apache.paimon.io.CompactIncrement;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.io.DataIncrement;
import org.apache.paimon.manifest.FileKind;
import org.apache.paimon.manifest.ManifestEntry;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.CommitMessageImpl;

/**
 * The few Paimon Java APIs the compatibility tests call that differ between the release lines they
 * run against (1.2, 1.3, 1.4), behind one call each: the shared test tree compiles against every
 * paimon-bundle, and each call picks the API of the release on the classpath by reflection. An
 * accessor of a field an older release does not have yet (a data file's first row id, a snapshot's
 * next row id, an index file's external path) answers null there, which is what lakeops reads from
 * a file that release wrote.
 */
final class PaimonApi {

  private PaimonApi() {}

  /**
   * Paimon's bucket of a bucket key: {@code DefaultBucketFunction} since 1.3, {@code
   * KeyAndBucketExtractor.bucket(hash, n)} before.
   */
  static int bucket(BinaryRow bucketKey, int numBuckets) {
    Class<?> function = classOrNull("org.apache.paimon.bucket.DefaultBucketFunction");
    try {
      if (function != null) {
        Object instance = function.getConstructor().newInstance();
        return (int)
            function
                .getMethod("bucket", BinaryRow.class, int.class)
                .invoke(instance, bucketKey, numBuckets);
      }
      Class<?> extractor = Class.forName("org.apache.paimon.table.sink.KeyAndBucketExtractor");
      return (int)
          extractor
              .getMethod("bucket", int.class, int.class)
              .invoke(null, bucketKey.hashCode(), numBuckets);
    } catch (ReflectiveOperationException e) {
      throw unwrap(e);
    }
  }

  /** {@code DataFileMeta.firstRowId()} (1.3+), null on 1.2. */
  static Object firstRowId(DataFileMeta file) {
    return callIfPresent(file, "firstRowId");
  }

  /** {@code DataFileMeta.writeCols()} (1.3+), null on 1.2. */
  static Object writeCols(DataFileMeta file) {
    return callIfPresent(file, "writeCols");
  }

  /** {@code Snapshot.nextRowId()} (1.3+), null on 1.2. */
  static Object nextRowId(org.apache.paimon.Snapshot snapshot) {
    return callIfPresent(snapshot, "nextRowId");
  }

  /** {@code IndexFileMeta.externalPath()} (1.3+), null on 1.2. */
  static Object externalPath(IndexFileMeta file) {
    return callIfPresent(file, "externalPath");
  }

  /**
   * The deletion-vector ranges of an index file, each as {@code file@offset+length#cardinality}, or
   * null: {@code dvRanges()} since 1.3, {@code deletionVectorMetas()} in 1.2 (same fields).
   */
  static List<String> deletionVectorRanges(IndexFileMeta file) {
    Object ranges =
        hasMethod(file, "dvRanges")
            ? callIfPresent(file, "dvRanges")
            : callIfPresent(file, "deletionVectorMetas");
    if (ranges == null) {
      return null;
    }
    return ((Map<?, ?>) ranges)
        .values().stream()
            .map(
                r ->
                    callIfPresent(r, "dataFileName")
                        + "@"
                        + callIfPresent(r, "offset")
                        + "+"
                        + callIfPresent(r, "length")
                        + "#"
                        + callIfPresent(r, "cardinality"))
            .toList();
  }

  /** A manifest entry: {@code ManifestEntry.create} since 1.3, its constructor in 1.2. */
  static ManifestEntry manifestEntry(
      FileKind kind, BinaryRow partition, int bucket, int totalBuckets, DataFileMeta file) {
    try {
      Method create = methodOrNull(ManifestEntry.class, "create", 5);
      if (create != null) {
        return (ManifestEntry) create.invoke(null, kind, partition, bucket, totalBuckets, file);
      }
      return ManifestEntry.class
          .getConstructor(FileKind.class, BinaryRow.class, int.class, int.class, DataFileMeta.class)
          .newInstance(kind, partition, bucket, totalBuckets, file);
    } catch (ReflectiveOperationException e) {
      throw unwrap(e);
    }
  }

  /**
   * A commit message that adds and removes index files only: in the {@code DataIncrement} since
   * 1.3, in a separate {@code IndexIncrement} in 1.2.
   */
  static CommitMessage indexFilesMessage(
      BinaryRow partition,
      int bucket,
      Integer totalBuckets,
      List<IndexFileMeta> added,
      List<IndexFileMeta> removed) {
    try {
      Class<?> indexIncrement = classOrNull("org.apache.paimon.io.IndexIncrement");
      if (indexIncrement == null) {
        DataIncrement data =
            DataIncrement.class
                .getConstructor(List.class, List.class, List.class, List.class, List.class)
                .newInstance(List.of(), List.of(), List.of(), added, removed);
        return new CommitMessageImpl(
            partition, bucket, totalBuckets, data, CompactIncrement.emptyIncrement());
      }
      Object index =
          indexIncrement.getConstructor(List.class, List.class).newInstance(added, removed);
      DataIncrement data =
          DataIncrement.class
              .getConstructor(List.class, List.class, List.class)
              .newInstance(List.of(), List.of(), List.of());
      return CommitMessageImpl.class
          .getConstructor(
              BinaryRow.class,
              int.class,
              Integer.class,
              DataIncrement.class,
              CompactIncrement.class,
              indexIncrement)
          .newInstance(
              partition, bucket, totalBuckets, data, CompactIncrement.emptyIncrement(), index);
    } catch (ReflectiveOperationException e) {
      throw unwrap(e);
    }
  }

  private static Object callIfPresent(Object target, String name) {
    Method method = methodOrNull(target.getClass(), name, 0);
    if (method == null) {
      return null;
    }
    try {
      method.setAccessible(true);
      return method.invoke(target);
    } catch (ReflectiveOperationException e) {
      throw unwrap(e);
    }
  }

  private static boolean hasMethod(Object target, String name) {
    return methodOrNull(target.getClass(), name, 0) != null;
  }

  private static Method methodOrNull(Class<?> type, String name, int parameters) {
    for (Method m : type.getMethods()) {
      if (m.getName().equals(name) && m.getParameterCount() == parameters) {
        return m;
      }
    }
    return null;
  }

  private static Class<?> classOrNull(String name) {
    try {
      return Class.forName(name);
    } catch (ClassNotFoundException e) {
      return null;
    }
  }

  private static RuntimeException unwrap(ReflectiveOperationException e) {
    Throwable cause = e instanceof InvocationTargetException ? e.getCause() : e;
    return cause instanceof RuntimeException r
        ? r
        : new IllegalStateException("Paimon API call failed: " + cause, cause);
  }
}
