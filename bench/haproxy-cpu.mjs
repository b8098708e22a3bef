// HAProxy's CPU a request (docs/deploy.md section 9): one API process (the demo, on a new PostgreSQL
// database) loaded straight and through Debian's HAProxy with the fleet's configuration
// (apps/api/src/test/fleet.ts, haproxyConfig, written again here with one server), in the same run,
// alternating: the bare serving route and VAST, each as a browser sends it (a browser's user agent,
// a new residential address a request in X-Forwarded-For, as the edge in front would write it).
// Beside each rate, the CPU a request cost the API process, HAProxy (its process, from /proc/<pid>/stat)
// and this process (the load generator). Traffic stays on 127.0.0.1.
//
//   pnpm build && node bench/haproxy-cpu.mjs [--duration 8] [--connections 32]
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scratchPostgres, startDemoServer } from './demo-server.mjs';
import { cpuMs, ownCpuMeter } from './process-cpu.mjs';
import { browserLoad } from './serving-load.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : process.argv[index + 1];
};
const duration = Number(option('duration', 8));
const connections = Number(option('connections', 32));
const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** fleet.ts's configuration (the one section 4 explains), with one server. */
const config = (bind, server) => `global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  timeout http-keep-alive 10s
  retries 3
  option redispatch 1
  option httpchk GET /api/ping
  http-check expect status 200
  default-server inter 500ms fall 2 rise 2

frontend fleet
  bind ${bind}
  option forwardfor
  use_backend serving if { path_beg /serve/ }
  default_backend api

backend api
  balance roundrobin
  retry-on conn-failure empty-response response-timeout 503
  http-request disable-l7-retry unless METH_GET
  server api1 ${server} check

backend serving
  balance hash req.hdr_ip(x-forwarded-for,1)
  hash-type consistent
  retry-on conn-failure empty-response response-timeout 503
  server api1 ${server} check
`;

const load = (origin, requestPath, seconds) =>
  browserLoad({ origin, path: requestPath, connections, seconds });

const postgres = await scratchPostgres(root, 'haproxy');
const demo = await startDemoServer(root, {
  SERVER_SECRET: randomBytes(32).toString('base64url'),
  DATABASE_URL: postgres.url,
  // The request's X-Forwarded-For is believed from loopback: the bench's (straight) or HAProxy's.
  TRUST_PROXY: 'loopback',
});
const dir = mkdtempSync(path.join(tmpdir(), 'bench-haproxy-'));
const port = await freePort();
const configFile = path.join(dir, 'haproxy.cfg');
writeFileSync(configFile, config(`127.0.0.1:${port}`, new URL(demo.origin).host));
const haproxy = spawn(HAPROXY, ['-f', configFile, '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
const proxied = `http://127.0.0.1:${port}`;
try {
  for (let attempt = 0; ; attempt += 1) {
    if (attempt > 80) throw new Error('HAProxy did not answer');
    const up = await fetch(`${proxied}/serve/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const video = demo.campaign.creatives.find((c) => c.type === 'VAST').liveCreatives[0].id;
  const routes = [
    ['bare route (GET /serve/health)', '/serve/health'],
    ['VAST 4.2 (GET /serve/vast/{id}.xml)', `/serve/vast/${video}.xml?cb=1`],
  ];
  for (const [, route] of routes) {
    await load(demo.origin, route, 2);
    await load(proxied, route, 2);
  }
  console.log(
    `${duration} s a row, ${connections} connections; CPU µs a request: the API process, HAProxy, this load generator.\n`,
  );
  console.log(
    `${'route'.padEnd(38)} ${'via'.padEnd(9)} ${'req/s'.padStart(7)} ${'non-2xx'.padStart(8)} ${'API µs'.padStart(7)} ${'HAProxy'.padStart(8)} ${'load µs'.padStart(8)}`,
  );
  for (const [label, route] of routes) {
    for (const [via, origin] of [
      ['straight', demo.origin],
      ['HAProxy', proxied],
    ]) {
      const api = cpuMs(demo.pid);
      const proxy = cpuMs(haproxy.pid);
      const own = ownCpuMeter();
      const result = await load(origin, route, duration);
      const total = Math.max(1, result.requests.total);
      const per = (ms) => ((ms * 1000) / total).toFixed(1);
      console.log(
        `${label.padEnd(38)} ${via.padEnd(9)} ${result.requests.average.toFixed(0).padStart(7)} ${String(result.non2xx).padStart(8)} ${per(cpuMs(demo.pid) - api).padStart(7)} ${per(cpuMs(haproxy.pid) - proxy).padStart(8)} ${per(own.stop()).padStart(8)}`,
      );
    }
  }
  console.log(
    "\nHAProxy's health checks (every 500 ms) are in its CPU and the API's, in both rows; straight rows show what they cost.",
  );
} finally {
  haproxy.kill('SIGTERM');
  await demo.stop();
  await postgres.drop();
  rmSync(dir, { recursive: true, force: true });
}
