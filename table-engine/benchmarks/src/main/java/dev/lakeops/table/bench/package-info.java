/**
 * JMH benchmarks of lakeops against Apache Paimon 1.3.1 on the same table layout and file format:
 * {@link UpsertBenchmark} (primary-key upsert write+commit), {@link MergeReadBenchmark} (full
 * merge-on-read scan), {@link AggregationBenchmark} (aggregation write + merge read), {@link
 * PartialUpdateBenchmark} (partial-update write + merge read), {@link DynamicBucketUpsertBenchmark}
 * (dynamic-bucket upsert), {@link LookupChangelogBenchmark} (lookup-changelog write+commit), {@link
 * StreamingReadBenchmark} (streaming read of many snapshots) and {@link ScanPlanBenchmark} (scan
 * planning over many files). Each runs both engines as a JMH parameter, so one run yields the
 * lakeops/Paimon ratio; results are recorded in {@code docs/benchmarks.md}.
 */
package dev.lakeops.table.bench;
