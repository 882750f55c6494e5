#!/usr/bin/env bash
# Sink throughput: the lakeops Flink sink against Apache Paimon 1.4.2's Flink sink on Flink 2.0.2.
# Usage: ./table-engine/flink/benchmarks/bench.sh [rows] [rounds]   (default 2000000 rows, 3 rounds)
set -euo pipefail
cd "$(dirname "$0")/../../.."
mvn -o -q -pl table-engine/flink/benchmarks -am compile
cd table-engine/flink/benchmarks
exec java -Xmx1500m -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \
  -cp "target/classes:$(cat target/classpath.txt)" \
  dev.lakeops.table.flink.benchmarks.SinkThroughput "${1:-2000000}" "${2:-3}"
