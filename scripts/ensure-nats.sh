#!/usr/bin/env bash
# A NATS server with JetStream on 127.0.0.1:4222 (the event log's tests, docs/testing.md "The event
# log"): installed from Debian and started when none answers there. `npm test`'s set-up (scripts/setup) and the opt-in suites call it.
set -euo pipefail
nats_up() { (exec 3<>/dev/tcp/127.0.0.1/4222) 2>/dev/null; }
nats_up && exit 0
if [ "$(id -u)" != 0 ]; then
  echo "No NATS server on 127.0.0.1:4222: start one with JetStream (nats-server -a 127.0.0.1 -p 4222 -js; as root this script installs Debian's)." >&2
  exit 1
fi
if [ ! -x /usr/sbin/nats-server ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nats-server >/dev/null
fi
mkdir -p /var/lib/nats-server
start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- \
  -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log
for _ in $(seq 1 30); do nats_up && exit 0; sleep 1; done
echo "nats-server did not start on 127.0.0.1:4222" >&2
exit 1
