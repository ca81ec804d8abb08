#!/usr/bin/env bash
# Installs everything the tests need on a fresh Debian machine, then runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# Debian's Chromium for the browser tests (never a downloaded browser).
if ! command -v chromium >/dev/null 2>&1; then
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi

# The PostgreSQL server the server suite runs on a second time.
if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  if ! ls /etc/postgresql/*/main >/dev/null 2>&1; then
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  fi
  as_root pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi

# Redis, for the scaled shape's queue and rate limits.
if command -v redis-server >/dev/null 2>&1 && ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  mkdir -p /tmp/redis
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no --dir /tmp/redis
fi

npm ci --no-audit --no-fund
# The segmentation model's activations in huge pages, as `npm start` runs it: the engine's tests
# run its model about twice as fast (packages/engine/src/ml/huge-pages.ts).
export GLIBC_TUNABLES=glibc.malloc.hugetlb=1
npm test
