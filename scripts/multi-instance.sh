#!/usr/bin/env bash
# Two service instances on loopback sharing Debian's redis-server, a PostgreSQL primary and a
# streaming replica made with pg_basebackup -R; scripts/multi-instance.ts makes the HTTP and SQL
# checks (shared rate limits, shared enrich cache, replica reads, fallback to the primary when the
# replica stops, limits failing open when Redis stops). Runs as root (PostgreSQL then runs as the postgres user, as in .ci/run) or not.
# Everything lives in one temp dir and is stopped and removed on exit. Exits 1 on a failed check.
#   scripts/multi-instance.sh          # ports: MI_PG_PORT (55440), +1 for the replica, MI_REDIS_PORT (56379)
set -euo pipefail
cd "$(dirname "$0")/.."

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
PG_BIN="${PG_BIN:-$(pg_bin)}"
REDIS_SERVER="$(command -v redis-server || echo /usr/bin/redis-server)"
[ -x "$PG_BIN/pg_basebackup" ] || { echo "PostgreSQL binaries not found (apt-get install postgresql)" >&2; exit 2; }
[ -x "$REDIS_SERVER" ] || { echo "redis-server not found (apt-get install redis-server)" >&2; exit 2; }

WORK="$(mktemp -d /tmp/woi-multi-instance.XXXXXX)"
PRIMARY_PORT="${MI_PG_PORT:-55440}"
REPLICA_PORT="$((PRIMARY_PORT + 1))"
REDIS_PORT="${MI_REDIS_PORT:-56379}"
as_pg() {
  if [ "$(id -u)" = "0" ]; then (cd / && runuser -u postgres -- "$@"); else "$@"; fi
}
[ "$(id -u)" = "0" ] && chown postgres "$WORK"
REDIS_PID=""
cleanup() {
  as_pg "$PG_BIN/pg_ctl" -D "$WORK/replica" -m immediate -w stop >/dev/null 2>&1 || true
  as_pg "$PG_BIN/pg_ctl" -D "$WORK/primary" -m fast -w stop >/dev/null 2>&1 || true
  [ -n "$REDIS_PID" ] && kill "$REDIS_PID" 2>/dev/null && wait "$REDIS_PID" 2>/dev/null
  if [ "${MI_KEEP_LOGS:-}" = "1" ]; then echo "logs kept in $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

SECONDS=0
echo "--- redis-server on 127.0.0.1:$REDIS_PORT (no persistence)"
"$REDIS_SERVER" --bind 127.0.0.1 --port "$REDIS_PORT" --save '' --appendonly no --daemonize no --logfile "$WORK/redis.log" &
REDIS_PID=$!

echo "--- PostgreSQL primary (port $PRIMARY_PORT, socket in $WORK)"
as_pg "$PG_BIN/initdb" -D "$WORK/primary" -A trust -U postgres --no-sync >/dev/null
echo "local replication postgres trust" >>"$WORK/primary/pg_hba.conf"
PG_COMMON="-k $WORK -c listen_addresses='' -c fsync=off"
as_pg "$PG_BIN/pg_ctl" -D "$WORK/primary" -l "$WORK/primary.log" -w -o "-p $PRIMARY_PORT $PG_COMMON -c wal_level=replica -c max_wal_senders=4" start >/dev/null
as_pg "$PG_BIN/createdb" -h "$WORK" -p "$PRIMARY_PORT" -U postgres woi

echo "--- streaming replica (pg_basebackup -R, port $REPLICA_PORT)"
as_pg "$PG_BIN/pg_basebackup" -h "$WORK" -p "$PRIMARY_PORT" -U postgres -D "$WORK/replica" -R -X stream -c fast --no-sync
as_pg "$PG_BIN/pg_ctl" -D "$WORK/replica" -l "$WORK/replica.log" -w -o "-p $REPLICA_PORT $PG_COMMON -c hot_standby=on -c log_statement=all" start >/dev/null
in_recovery="$(as_pg "$PG_BIN/psql" -h "$WORK" -p "$REPLICA_PORT" -U postgres -d woi -Atc 'SELECT pg_is_in_recovery()')"
streaming="$(as_pg "$PG_BIN/psql" -h "$WORK" -p "$PRIMARY_PORT" -U postgres -d woi -Atc "SELECT count(*) FROM pg_stat_replication WHERE state = 'streaming'")"
echo "replica in recovery: $in_recovery; streaming replicas on the primary: $streaming"
[ "$in_recovery" = "t" ] || { echo "FAIL  the replica is not a standby" >&2; exit 1; }

for _ in $(seq 1 50); do
  "$(dirname "$REDIS_SERVER")/redis-cli" -p "$REDIS_PORT" ping >/dev/null 2>&1 && break
  sleep 0.1
done

stop_replica="$(printf '%q ' "$PG_BIN/pg_ctl" -D "$WORK/replica" -m immediate -w stop)"
[ "$(id -u)" = "0" ] && stop_replica="cd / && runuser -u postgres -- $stop_replica"

echo "--- two instances (setup took ${SECONDS} s)"
WOI_MI_DATABASE_URL="postgresql://postgres@localhost:$PRIMARY_PORT/woi?host=$WORK" \
  WOI_MI_REPLICA_URL="postgresql://postgres@localhost:$REPLICA_PORT/woi?host=$WORK" \
  WOI_MI_REDIS_URL="redis://127.0.0.1:$REDIS_PORT" \
  WOI_MI_STOP_REPLICA="$stop_replica" \
  WOI_MI_STOP_REDIS="kill $REDIS_PID; while kill -0 $REDIS_PID 2>/dev/null; do sleep 0.1; done" \
  WOI_MI_LOG_DIR="$WORK" \
  WOI_MI_REPLICA_LOG="$WORK/replica.log" \
  node -r ts-node/register/transpile-only scripts/multi-instance.ts || { status=$?; tail -n 5 "$WORK"/instance-*.log >&2 || true; exit "$status"; }
