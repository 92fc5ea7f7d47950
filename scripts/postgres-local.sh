#!/usr/bin/env bash
# Local PostgreSQL for `DATABASE_URL=... npm start` and the PostgreSQL test run (README "Scaling").
# On a Debian/Ubuntu machine: installs Debian's `postgresql` package when missing, starts its
# cluster, and creates a role and database `arena` (password `arena`, allowed to create the
# throwaway databases the tests make). Run as root, or as a user with sudo. Idempotent.
# Then: DATABASE_URL=postgres://arena:arena@127.0.0.1:5432/arena npm start
#       TEST_DATABASE_URL=postgres://arena:arena@127.0.0.1:5432/arena npx vitest run --project server
set -eu
ROLE=${PG_ROLE:-arena}
PASSWORD=${PG_PASSWORD:-arena}
DB=${PG_DB:-arena}
SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo

if ! command -v pg_lsclusters >/dev/null 2>&1; then
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q postgresql
fi

# Debian's package makes one cluster per installed version; start every one that is down.
pg_lsclusters -h | while read -r version cluster port status _rest; do
  [ "$status" = online ] || $SUDO pg_ctlcluster "$version" "$cluster" start
done

psql_admin() { $SUDO su postgres -c "psql -v ON_ERROR_STOP=1 -qtA $*"; }
for _ in 1 2 3 4 5 6 7 8 9 10; do psql_admin "-c 'SELECT 1'" >/dev/null 2>&1 && break; sleep 1; done

if [ "$(psql_admin "-c \"SELECT 1 FROM pg_roles WHERE rolname = '$ROLE'\"")" != 1 ]; then
  psql_admin "-c \"CREATE ROLE $ROLE LOGIN CREATEDB PASSWORD '$PASSWORD'\""
fi
if [ "$(psql_admin "-c \"SELECT 1 FROM pg_database WHERE datname = '$DB'\"")" != 1 ]; then
  psql_admin "-c \"CREATE DATABASE $DB OWNER $ROLE\""
fi
PORT=$(pg_lsclusters -h | awk 'NR==1 {print $3}')
echo "PostgreSQL is up: postgres://$ROLE:$PASSWORD@127.0.0.1:$PORT/$DB"
