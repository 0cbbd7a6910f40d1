#!/bin/sh
# On an empty data folder: make the cluster, with POSTGRES_USER (default postgres) and
# POSTGRES_PASSWORD required over the network, and POSTGRES_DB; then run PostgreSQL on every address.
set -eu
user="${POSTGRES_USER:-postgres}"
database="${POSTGRES_DB:-$user}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${POSTGRES_PASSWORD:-}" ]; then
    echo "postgres: set POSTGRES_PASSWORD" >&2
    exit 1
  fi
  password_file="$(mktemp)"
  printf '%s' "$POSTGRES_PASSWORD" >"$password_file"
  initdb --username="$user" --pwfile="$password_file" --auth-local=trust --auth-host=scram-sha-256 --encoding=UTF8 >/dev/null
  rm -f "$password_file"
  echo 'host all all all scram-sha-256' >>"$PGDATA/pg_hba.conf"
  if [ "$database" != postgres ]; then
    pg_ctl --wait --silent --options="-c listen_addresses=''" start
    createdb --username="$user" "$database"
    pg_ctl --wait --silent stop
  fi
fi
if [ "$1" = postgres ]; then
  shift
  exec postgres -c listen_addresses='*' "$@"
fi
exec "$@"
