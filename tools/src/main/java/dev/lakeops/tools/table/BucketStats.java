package dev.lakeops.tools.table;

import java.util.Arrays;
import java.util.List;

/**
 * How evenly rows spread over the buckets of one partition.
 *
 * @param partition the partition path
 * @param buckets buckets counted (for fixed-bucket tables the empty ones too)
 * @param rows rows in all of them
 * @param bytes bytes in all of them
 * @param files files in all of them
 * @param maxRows rows of the biggest bucket
 * @param medianRows rows of the median bucket
 * @param gini the Gini coefficient of rows over buckets: 0 even, towards 1 all in one bucket
 * @param biggest the biggest bucket
 */
record BucketStats(
    String partition,
    int buckets,
    long rows,
    long bytes,
    int files,
    long maxRows,
    double medianRows,
    double gini,
    BucketLayout biggest) {

  // Requires: buckets non-empty, all of one partition.
  static BucketStats of(List<BucketLayout> buckets) {
    long[] rows = buckets.stream().mapToLong(BucketLayout::rows).sorted().toArray();
    long total = Arrays.stream(rows).sum();
    int n = rows.length;
    double median = n % 2 == 1 ? rows[n / 2] : (rows[n / 2 - 1] + rows[n / 2]) / 2.0;
    // Gini over sorted values: (2 * sum(i * x_i)) / (n * sum) - (n + 1) / n, i from 1.
    double gini = 0;
    if (total > 0 && n > 1) {
      double weighted = 0;
      for (int i = 0; i < n; i++) {
        weighted += (i + 1) * (double) rows[i];
      }
      gini = Math.max(0, 2 * weighted / (n * (double) total) - (n + 1) / (double) n);
    }
    BucketLayout biggest = buckets.get(0);
    for (BucketLayout b : buckets) {
      if (b.rows() > biggest.rows()) {
        biggest = b;
      }
    }
    return new BucketStats(
        biggest.partition(),
        n,
        total,
        buckets.stream().mapToLong(BucketLayout::bytes).sum(),
        buckets.stream().mapToInt(BucketLayout::files).sum(),
        rows[n - 1],
        median,
        gini,
        biggest);
  }

  /** The biggest bucket's rows over the median's; infinite when the median bucket is empty. */
  double maxOverMedian() {
    return medianRows == 0 ? (maxRows == 0 ? 1 : Double.POSITIVE_INFINITY) : maxRows / medianRows;
  }

  /** The biggest bucket's share of the partition's rows, 0..1. */
  double hotShare() {
    return rows == 0 ? 0 : maxRows / (double) rows;
  }
}
