#!/usr/bin/env bash
# Runs the JMH benchmarks lakeops vs Apache Paimon 1.3.1 (docs/benchmarks.md). Builds the module and
# what it depends on first; every argument goes to JMH, e.g.
#   table-engine/benchmarks/bench.sh -f 1 -wi 2 -i 3                 # all benchmarks
#   table-engine/benchmarks/bench.sh ScanPlan -p format=avro         # one benchmark, one format
#   table-engine/benchmarks/bench.sh -l                              # list them
# BENCH_MVN_FLAGS adds flags to the build, e.g. BENCH_MVN_FLAGS=-o to build offline.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
MODULE="$ROOT/table-engine/benchmarks"

(cd "$ROOT" && mvn -B -q ${BENCH_MVN_FLAGS:-} -pl table-engine/benchmarks -am package -DskipTests) >&2
exec java -cp "$MODULE/target/classes:$(cat "$MODULE/target/classpath.txt")" org.openjdk.jmh.Main "$@"
