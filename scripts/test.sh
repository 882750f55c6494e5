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
# binlog verifier's findings are checked against; mariadbd and mariadb-install-db (from
# mariadb-server) run the private MariaDB servers of the live binlog tests.
need=()
command -v mariadb-binlog >/dev/null 2>&1 || need+=(mariadb-client)
command -v mariadbd >/dev/null 2>&1 || [ -x /usr/sbin/mariadbd ] || need+=(mariadb-server)
# PostgreSQL: the shared-database tests start a private server from this package's binaries.
ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || need+=(postgresql)
# Chromium and its WebDriver: the console's browser test clicks through the pages headless.
command -v chromium >/dev/null 2>&1 || need+=(chromium chromium-driver)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "test.sh: installing ${need[*]}" >&2
    # The tests start their own servers: keep the package from starting the system's MariaDB
    # (invoke-rc.d asks policy-rc.d; exit 101 means "action forbidden").
    own_policy=""
    if [ ! -e /usr/sbin/policy-rc.d ]; then
      printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod 755 /usr/sbin/policy-rc.d && own_policy=1
    fi
    status=0
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null || status=$?
    [ -n "$own_policy" ] && rm -f /usr/sbin/policy-rc.d
    [ "$status" = 0 ] || { echo "test.sh: apt-get install ${need[*]} failed ($status)" >&2; exit "$status"; }
    # Should a service manager have started MariaDB all the same, stop it by its PID file.
    pid=$(cat /run/mysqld/mysqld.pid 2>/dev/null || true)
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
      echo "test.sh: stopping the system MariaDB the package started (pid $pid)" >&2
      kill "$pid" 2>/dev/null || true
      for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
    fi
  else
    echo "test.sh: missing ${need[*]} (install with apt-get as root); tests that need it will fail" >&2
  fi
fi

mvn -B -T 2 verify "$@"
