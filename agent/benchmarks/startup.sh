#!/usr/bin/env bash
# Start of the packaged agent: ms from the process's start to the first 200 from /q/health/live,
# the CPU time it took, and resident memory (VmRSS) after 2 s idle. Each run gets a fresh data
# directory and a free loopback port, and is stopped by PID (SIGTERM).
#
#   agent/benchmarks/startup.sh [-n RUNS] agent [JVM_OPTION...]  the agent's JVM alone: the command
#       ./lakeops serve execs (taken from its --handover before the clock starts), JVM_OPTIONs added
#       last (they win over jvm.options)
#   agent/benchmarks/startup.sh [-n RUNS] plain [JVM_OPTION...]  java [JVM_OPTION...] -jar quarkus-run.jar:
#       no jvm.options, no archive (the start before they existed)
#   agent/benchmarks/startup.sh [-n RUNS] serve                  ./lakeops serve, from the launcher's start
#
# NICE=-19 runs the measured process at that priority: on a machine shared with other builds, the
# closest to an idle one (it does not stop their disk and memory traffic).
#
# Needs a built checkout (./lakeops builds it; or mvn -DskipTests package). docs/benchmarks.md
# ("Agent start") has the figures.
set -euo pipefail

HOME_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CLI="$HOME_DIR/cli/target"
runs=5
if [ "${1:-}" = -n ]; then runs="$2"; shift 2; fi
mode="${1:?usage: startup.sh [-n RUNS] agent|plain [JVM_OPTION...] | serve}"; shift

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
# CPU time all processes have used since boot (ms): minus the measured process's, what others used meanwhile.
busy_ms() { awk '/^cpu / {print int(($2 + $3 + $4 + $7 + $8 + $9) * 1000 / '"$(getconf CLK_TCK)"')}' /proc/stat; }
# The agent's command line as ./lakeops serve would exec it (records the class-data archive if missing).
handover() {
  java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Dlakeops.home="$HOME_DIR" \
    -cp "$CLI/cli-0.1.0-SNAPSHOT.jar:$(cat "$CLI/classpath.txt")" dev.lakeops.cli.LakeopsCli serve --handover "$@"
}

work="$(mktemp -d "${TMPDIR:-/tmp}/lakeops-startup.XXXXXX")"
pid=""
cleanup() { if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi; rm -rf "$work"; }
trap cleanup EXIT

[ "$mode" = agent ] && handover "$work/prepare" >/dev/null # the first start after a build records the archive
startups=(); cpus=(); rss=()
for i in $(seq 1 "$runs"); do
  port="$(free_port)"; data="$work/data-$i"
  if [ "$mode" = agent ]; then
    handover "$work/cmd" --port "$port" --data-dir "$data" -Dquarkus.http.host=127.0.0.1
    mapfile -d '' -t cmd < "$work/cmd"
    cmd=("${cmd[@]:0:${#cmd[@]}-2}" "$@" "${cmd[@]: -2}") # before -jar: they win over jvm.options
  elif [ "$mode" = plain ]; then
    cmd=(java "$@" -Dquarkus.http.host=127.0.0.1 -Dquarkus.http.port="$port" -Dlakeops.data-dir="$data" \
      -jar "$HOME_DIR/agent/target/quarkus-app/quarkus-run.jar")
  else
    cmd=("$HOME_DIR/lakeops" serve --port "$port" --data-dir "$data" -Dquarkus.http.host=127.0.0.1)
  fi
  [ -n "${NICE:-}" ] && cmd=(nice -n "$NICE" "${cmd[@]}")
  busy="$(busy_ms)"; start="$(now_ms)"
  "${cmd[@]}" >"$work/log-$i" 2>&1 &
  pid=$!
  until curl -fs -o /dev/null "http://127.0.0.1:$port/q/health/live"; do
    kill -0 "$pid" 2>/dev/null || { echo "run $i: the process exited; its log:" >&2; cat "$work/log-$i" >&2; exit 1; }
    sleep 0.01
  done
  ms=$(( $(now_ms) - start ))
  cpu=$(( $(awk '{print $14 + $15}' "/proc/$pid/stat") * 1000 / $(getconf CLK_TCK) ))
  others=$(( $(busy_ms) - busy - cpu ))
  sleep 2
  kb="$(awk '/^VmRSS/ {print $2}' "/proc/$pid/status")"
  split="$(awk '/^Rss(Anon|File)/ {printf " %s %d", $1, $2 / 1024}' "/proc/$pid/status")"
  kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""
  startups+=("$ms"); cpus+=("$cpu"); rss+=($(( kb / 1024 )))
  echo "run $i: $ms ms to /q/health/live, CPU $cpu ms (other processes: $others ms), $(( kb / 1024 )) MB resident ($split MB)"
done

stats() { sort -n | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "median %d, min %d, max %d", m, a[1], a[NR]}'; }
echo "start ms: $(printf '%s\n' "${startups[@]}" | stats)  (N=$runs, $mode${*:+ $*}${NICE:+, nice $NICE})"
echo "CPU ms:   $(printf '%s\n' "${cpus[@]}" | stats)"
echo "RSS MB:   $(printf '%s\n' "${rss[@]}" | stats)"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
