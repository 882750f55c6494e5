#!/usr/bin/env bash
# The webhook path on a freshly started agent: posts ROUNDS x N alerts (Webhooks.java), one after
# another, and prints each round's total and latency percentiles and the agent's CPU time.
#
#   agent/benchmarks/webhooks.sh [-n N] [-r ROUNDS] [JVM_OPTION...]
#
# JVM_OPTIONs are added to the command ./lakeops serve execs (later options win), e.g.
# -XX:TieredStopAtLevel=4 to compare C1 only (jvm.options) with C1 and C2.
set -euo pipefail

HOME_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CLI="$HOME_DIR/cli/target"
count=200; rounds=2
while [ $# -gt 0 ]; do
  case "$1" in -n) count="$2"; shift 2 ;; -r) rounds="$2"; shift 2 ;; *) break ;; esac
done

work="$(mktemp -d "${TMPDIR:-/tmp}/lakeops-webhooks.XXXXXX")"
pid=""
cleanup() { if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi; rm -rf "$work"; }
trap cleanup EXIT

port=$(( 61000 + RANDOM % 4000 ))
while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$(( 61000 + RANDOM % 4000 )); done
javac -d "$work/classes" "$HOME_DIR/agent/benchmarks/Webhooks.java"
java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Dlakeops.home="$HOME_DIR" -cp "$CLI/cli-0.1.0-SNAPSHOT.jar:$(cat "$CLI/classpath.txt")" \
  dev.lakeops.cli.LakeopsCli serve --handover "$work/cmd" --port "$port" --data-dir "$work/data" -Dquarkus.http.host=127.0.0.1
mapfile -d '' -t cmd < "$work/cmd"
"${cmd[@]:0:${#cmd[@]}-2}" "$@" "${cmd[@]: -2}" >"$work/agent.log" 2>&1 & # before -jar: they win over jvm.options
pid=$!
until curl -fs -o /dev/null "http://127.0.0.1:$port/q/health/live"; do
  kill -0 "$pid" 2>/dev/null || { cat "$work/agent.log" >&2; exit 1; }
  sleep 0.05
done
cpu_ms() { echo $(( $(awk '{print $14 + $15}' "/proc/$pid/stat") * 1000 / $(getconf CLK_TCK) )); }
before=$(cpu_ms)
java -cp "$work/classes" Webhooks "http://127.0.0.1:$port" "$count" "$rounds"
sleep 1 # the last triages
echo "agent CPU during the posts: $(( $(cpu_ms) - before )) ms${*:+ ($*)}; load average: $(cut -d' ' -f1-3 /proc/loadavg)"
