#!/usr/bin/env bash
# A PostgreSQL server on 127.0.0.1:5432 (the API suite's second database, the fleet's one database):
# installed from Debian and started when none answers there. `npm test`'s set-up (scripts/setup) and the opt-in suites call it.
set -euo pipefail
pg_up() { (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; }
pg_up && exit 0
if [ "$(id -u)" != 0 ]; then
  echo "No PostgreSQL on 127.0.0.1:5432: start one (as root this script installs Debian's)." >&2
  exit 1
fi
if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  version=$(ls /etc/postgresql | sort -V | tail -n 1)
  # The suites connect as postgres over TCP without a password, as on these machines.
  sed -i '1i host all all 127.0.0.1/32 trust' "/etc/postgresql/$version/main/pg_hba.conf"
fi
version=$(ls /etc/postgresql | sort -V | tail -n 1)
pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
for _ in $(seq 1 30); do pg_up && exit 0; sleep 1; done
echo "PostgreSQL did not start on 127.0.0.1:5432" >&2
exit 1
