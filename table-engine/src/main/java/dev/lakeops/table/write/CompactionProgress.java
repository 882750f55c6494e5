package dev.lakeops.table.write;

/**
 * How far a table compaction has got: the buckets, input files and input bytes done out of the
 * totals planned when it started. Input files are the files a compaction reads or moves; a file is
 * done once its rows are rewritten (or, for a file moved to another level without rewriting, once
 * its bucket is done).
 */
public record CompactionProgress(
    int bucketsDone,
    int bucketsTotal,
    int filesDone,
    int filesTotal,
    long bytesDone,
    long bytesTotal) {

  public CompactionProgress {
    if (bucketsDone < 0 || bucketsDone > bucketsTotal) {
      throw new IllegalArgumentException(
          "Invalid progress: " + bucketsDone + " of " + bucketsTotal + " buckets");
    }
    if (filesDone < 0 || filesDone > filesTotal) {
      throw new IllegalArgumentException(
          "Invalid progress: " + filesDone + " of " + filesTotal + " files");
    }
    if (bytesDone < 0 || bytesDone > bytesTotal) {
      throw new IllegalArgumentException(
          "Invalid progress: " + bytesDone + " of " + bytesTotal + " bytes");
    }
  }

  /** Bytes done as a fraction in [0, 1]; 1 when there is nothing to do. */
  public double fraction() {
    return bytesTotal == 0 ? 1.0 : (double) bytesDone / bytesTotal;
  }

  public boolean isDone() {
    return bucketsDone == bucketsTotal;
  }
}
