#!/usr/bin/env bash
# Local PostgreSQL for `DATABASE_URL=... npm start` and the PostgreSQL test run (README "Scaling").
# On a Debian/Ubuntu machine: installs Debian's `postgresql` package when missing, starts its
# cluster, and creates a role and database `arena` (password `arena`, allowed to create the
# throwaway databases the tests make). Run as root, or as a user with sudo. Idempotent.
# The role may also sign in with its password over the cluster's Unix socket (a line in
# pg_hba.conf before Debian's `local all all peer`): a process on the same machine reaches
# PostgreSQL that way with less CPU per statement than over loopback TCP (README "Scaling").
# Then: DATABASE_URL=postgres://arena:arena@127.0.0.1:5432/arena npm start
#       DATABASE_URL='postgres://arena:arena@localhost/arena?host=/var/run/postgresql' npm start
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

HBA=$(psql_admin "-c 'SHOW hba_file'")
if ! $SUDO grep -Eq "^local[[:space:]]+all[[:space:]]+$ROLE[[:space:]]" "$HBA"; then
  # First match wins: the role's password line goes before the peer line for every role.
  $SUDO sed -i "0,/^local[[:space:]]\+all[[:space:]]\+all[[:space:]]/s//local   all             $ROLE                                   scram-sha-256\n&/" "$HBA"
  $SUDO grep -Eq "^local[[:space:]]+all[[:space:]]+$ROLE[[:space:]]" "$HBA" || echo "local   all             $ROLE                                   scram-sha-256" | $SUDO tee -a "$HBA" >/dev/null
  psql_admin "-c 'SELECT pg_reload_conf()'" >/dev/null
fi
PORT=$(pg_lsclusters -h | awk 'NR==1 {print $3}')
SOCKETS=$(psql_admin "-c 'SHOW unix_socket_directories'" | cut -d, -f1)
echo "PostgreSQL is up: postgres://$ROLE:$PASSWORD@127.0.0.1:$PORT/$DB"
echo "  on this machine, over its Unix socket: postgres://$ROLE:$PASSWORD@localhost/$DB?host=$SOCKETS"
