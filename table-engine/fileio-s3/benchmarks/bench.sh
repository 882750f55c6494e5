#!/usr/bin/env bash
# Runs the JMH benchmarks on S3 (S3Proxy), lakeops vs Apache Paimon 1.4.2 (docs/benchmarks.md).
# Builds the module and what it depends on first; every argument goes to JMH, e.g.
#   table-engine/fileio-s3/benchmarks/bench.sh -f 1 -wi 2 -i 3
# BENCH_MVN_FLAGS adds flags to the build, e.g. BENCH_MVN_FLAGS=-o to build offline.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
MODULE="$ROOT/table-engine/fileio-s3/benchmarks"

(cd "$ROOT" && mvn -B -q ${BENCH_MVN_FLAGS:-} -pl table-engine/fileio-s3/benchmarks -am package -DskipTests) >&2
exec java -Ds3proxy.jar="$MODULE/target/s3proxy/s3proxy.jar" -Ds3proxy.dir="$MODULE/target/s3proxy" \
  -cp "$MODULE/target/classes:$(cat "$MODULE/target/classpath.txt")" org.openjdk.jmh.Main "$@"
