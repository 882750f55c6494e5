#!/usr/bin/env bash
# The whole test suite, on a fresh machine with only Java 17 and Maven: installs what the tests
# need, runs unit tests (Surefire) and integration tests against real servers (Failsafe), and stops
# by PID every process the tests left behind.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

stop_leftovers() {
  # The sandbox writes a pid file for every server it starts; stop any that outlived its test JVM.
  find . -path ./.git -prune -o -name '*.pid' -path '*/target/*' -print 2>/dev/null | while read -r f; do
    pid=$(cat "$f" 2>/dev/null || true)
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
      echo "test.sh: stopping leftover process $pid ($f)" >&2
      kill "$pid" 2>/dev/null || true
      sleep 2
      kill -9 "$pid" 2>/dev/null || true
    fi
  done
}
trap stop_leftovers EXIT

mvn -B verify "$@"
