#!/usr/bin/env bash
# Installs Redis from Debian's package when missing and starts it on 127.0.0.1:6379 (or REDIS_PORT),
# for `npm run cluster` and the two-process tests (REDIS_URL=redis://127.0.0.1:6379).
set -euo pipefail
port="${REDIS_PORT:-6379}"
if ! command -v redis-server >/dev/null; then
  echo "installing Debian's redis-server"
  export DEBIAN_FRONTEND=noninteractive
  sudo_if() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
  sudo_if apt-get update -qq
  sudo_if apt-get install -y -qq redis-server >/dev/null
fi
if redis-cli -p "$port" ping >/dev/null 2>&1; then
  echo "Redis already answers on port $port"
else
  redis-server --daemonize yes --port "$port" --bind 127.0.0.1 --save '' --appendonly no
  for _ in $(seq 50); do redis-cli -p "$port" ping >/dev/null 2>&1 && break; sleep 0.1; done
  redis-cli -p "$port" ping >/dev/null
  echo "Redis started on port $port"
fi
echo "REDIS_URL=redis://127.0.0.1:$port"
