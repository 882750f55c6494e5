#!/usr/bin/env bash
# Runs the binlog JMH benchmarks (docs/benchmarks.md, "Binlog verify"): lakeops verify vs
# mysql-binlog-connector-java vs mariadb-binlog --verify-binlog-checksum on one generated binlog.
# Builds the module and what it depends on first; runs from the repository root so the generator
# finds the recorded fixture; every argument goes to JMH, e.g.
#   tools/benchmarks/bench.sh                                   # all, 512 MiB file
#   tools/benchmarks/bench.sh -p sizeMiB=1024                    # a 1 GiB file
#   tools/benchmarks/bench.sh 'BinlogVerifyBenchmark.lakeops.*'  # lakeops only
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
MODULE="$ROOT/tools/benchmarks"

(cd "$ROOT" && mvn -B -q -pl tools/benchmarks -am package -DskipTests) >&2
cd "$ROOT"
exec java -cp "$MODULE/target/classes:$(cat "$MODULE/target/classpath.txt")" org.openjdk.jmh.Main "$@"
