#!/usr/bin/env bash
# Starts a throwaway PostgreSQL (Debian's package) on 127.0.0.1:54329 for the DATABASE_URL tests and
# prints the export line for TEST_DATABASE_URL. Usage: eval "$(bash scripts/pg-test-server.sh start)"
# and later `bash scripts/pg-test-server.sh stop`. PostgreSQL refuses to run as root: as root it runs
# the server as the `postgres` user the package creates.
set -euo pipefail
DIR=/tmp/xqb-pg-test
PORT=54329
PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -n "$PGBIN" ] || { echo "echo 'no PostgreSQL server binaries: DATABASE_URL tests will be skipped' >&2"; exit 0; }
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

case "${1:-start}" in
  start)
    as_pg "$PGBIN/pg_ctl" -D "$DIR/data" stop -m immediate >/dev/null 2>&1 || true
    rm -rf "$DIR" && mkdir -p "$DIR"
    [ "$(id -u)" = 0 ] && chown postgres "$DIR"
    as_pg "$PGBIN/initdb" -D "$DIR/data" -A trust -U postgres >/dev/null
    as_pg "$PGBIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w \
      -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1" start >/dev/null
    echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
    ;;
  stop)
    as_pg "$PGBIN/pg_ctl" -D "$DIR/data" stop -m fast >/dev/null 2>&1 || true
    ;;
esac
