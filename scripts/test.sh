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

# Debian packages the tests use: mariadb-binlog (from mariadb-client) is the oracle that the
# binlog verifier's findings are checked against.
need=()
command -v mariadb-binlog >/dev/null 2>&1 || need+=(mariadb-client)
# PostgreSQL: the shared-database tests start a private server from this package's binaries.
ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || need+=(postgresql)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "test.sh: installing ${need[*]}" >&2
    # policy-rc.d 101: the packages must not start their system services; tests start private servers.
    created_policy=0
    if [ ! -e /usr/sbin/policy-rc.d ]; then
      printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d && created_policy=1
    fi
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
    if [ "$created_policy" = 1 ]; then rm -f /usr/sbin/policy-rc.d; fi
  else
    echo "test.sh: missing ${need[*]} (install with apt-get as root); tests that need it will fail" >&2
  fi
fi

mvn -B verify "$@"
