#!/usr/bin/env bash
# A throwaway PostgreSQL for the tests: `.ci/postgres.sh start` installs Debian's server if it is missing (root only),
# creates a cluster in a temporary folder owned by a non-root user, listens on 127.0.0.1 only, requires a password,
# and prints a connection URL (also written to $ACI_PG_DIR/url, mode 0600). `.ci/postgres.sh stop` stops it and
# removes the folder. Both are idempotent.
set -euo pipefail

DIR="${ACI_PG_DIR:-${TMPDIR:-/tmp}/aci-ci-postgres}"
DB_USER=aci

bindir() {
  local found
  found="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
  if [[ -z "$found" ]] && command -v pg_ctl >/dev/null 2>&1; then found="$(dirname "$(command -v pg_ctl)")"; fi
  echo "$found"
}

install_server() {
  if [[ -n "$(bindir)" ]]; then return; fi
  if [[ "$(id -u)" != 0 ]]; then
    echo "postgres.sh: PostgreSQL is not installed and this is not root; install Debian's postgresql package" >&2
    exit 1
  fi
  echo "postgres.sh: installing PostgreSQL from Debian's packages" >&2
  DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >&2
}

# Runs a command as the cluster's owner: ourselves when not root, else the `postgres` system user (created if absent).
as_owner() {
  if [[ "$(id -u)" != 0 ]]; then "$@"; return; fi
  id -u postgres >/dev/null 2>&1 || useradd --system --home-dir "$DIR" --shell /usr/sbin/nologin postgres
  runuser -u postgres -- "$@"
}

# The first loopback port from $ACI_PG_PORT (default 54329) that nothing answers on.
free_port() {
  local port="${ACI_PG_PORT:-54329}"
  while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
  echo "$port"
}

owner() {
  if [[ "$(id -u)" != 0 ]]; then id -un; else echo postgres; fi
}

start() {
  install_server
  local bin
  bin="$(bindir)"
  if [[ -f "$DIR/url" ]] && as_owner "$bin/pg_ctl" -D "$DIR/data" status >/dev/null 2>&1; then
    cat "$DIR/url"
    return
  fi
  mkdir -p "$DIR"
  chmod 0700 "$DIR"
  chown "$(owner)" "$DIR"
  if [[ ! -f "$DIR/data/PG_VERSION" ]]; then
    free_port > "$DIR/port"
    local password
    password="$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
    as_owner bash -c "umask 077; printf '%s\n' '$password' > '$DIR/pwfile'"
    as_owner "$bin/initdb" -D "$DIR/data" -U "$DB_USER" --pwfile="$DIR/pwfile" --auth=scram-sha-256 -E UTF8 --locale=C >/dev/null
    as_owner rm -f "$DIR/pwfile"
    umask 077
    printf 'postgres://%s:%s@127.0.0.1:%s/postgres\n' "$DB_USER" "$password" "$(cat "$DIR/port")" > "$DIR/url"
  fi
  local port
  port="$(cat "$DIR/port")"
  as_owner "$bin/pg_ctl" -D "$DIR/data" -l "$DIR/data/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $DIR -c max_connections=200 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >&2
  cat "$DIR/url"
}

stop() {
  local bin
  bin="$(bindir)"
  if [[ -n "$bin" && -f "$DIR/data/PG_VERSION" ]]; then as_owner "$bin/pg_ctl" -D "$DIR/data" -m fast -w stop >&2 || true; fi
  rm -rf "$DIR"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: .ci/postgres.sh start | stop" >&2; exit 2 ;;
esac
