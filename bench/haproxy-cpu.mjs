// HAProxy's CPU a request (docs/deploy.md section 9): one API process (the demo, on a new PostgreSQL
// database) loaded straight and through Debian's HAProxy with the fleet's configuration
// (apps/api/src/test/fleet.ts, haproxyConfig, written again here with one server), in the same run,
// alternating: the bare serving route, VAST, a unique beacon (a new signed impression each, as
// bench/beacons.mjs signs it: counted, checked against the API's count afterwards) and a repeated one
// (one impression's, counted once), each as a browser sends it (a browser's user agent, a new
// residential address a request in X-Forwarded-For, as the edge in front would write it). Each route
// also through HAProxy with TLS (section 4's `bind ... ssl crt`, a throwaway self-signed ECDSA P-256
// certificate made with openssl for the run) on kept-alive connections; then the bare route with a new
// connection a request: plain, TLS with a full handshake each, TLS with the session resumed.
// Beside each rate, the CPU a request cost the API process, HAProxy (its process, from /proc/<pid>/stat)
// and this process (the load generator). Traffic stays on 127.0.0.1.
//
//   pnpm build && node bench/haproxy-cpu.mjs [--duration 8] [--connections 32]
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { creativeCounts, freePort, scratchPostgres, settledCounts, startDemoServer } from './demo-server.mjs';
import { cpuMs, machineCpuMeter, ownCpuMeter } from './process-cpu.mjs';
import { browserHeaders, browserLoad, signedImpressionQuery } from './serving-load.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : process.argv[index + 1];
};
const duration = Number(option('duration', 8));
const connections = Number(option('connections', 32));
const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';
const secret = randomBytes(32).toString('base64url');

/** fleet.ts's configuration (the one section 4 explains), with one server and a TLS bind beside. */
const config = (bind, tlsBind, certificate, server) => `global
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
  bind ${tlsBind} ssl crt ${certificate}
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

/** A route's load: GET, or POST for a beacon; a TLS origin's name is localhost (the certificate's). */
const load = (origin, { path: requestPath, method }, seconds) =>
  browserLoad({
    origin,
    path: requestPath,
    method,
    connections,
    seconds,
    autocannonOptions: origin.startsWith('https:') ? { servername: 'localhost' } : {},
  });

/** A throwaway self-signed certificate for 127.0.0.1 and localhost, its key in the same file (HAProxy's crt). */
function certificate(dir) {
  const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  if (made.status !== 0) throw new Error(`openssl failed: ${made.stderr}`);
  const pem = path.join(dir, 'site.pem');
  writeFileSync(pem, readFileSync(cert, 'utf8') + readFileSync(key, 'utf8'));
  return pem;
}

/**
 * A new connection a request for `seconds`, from `connections` loops at once: GET `requestPath` as a
 * browser sends it, `Connection: close`, over `transport` (http, or https with `agent`: a fresh one a
 * request is a full handshake, a shared one resumes the session). Answers the requests and non-2xx.
 */
async function newConnections(origin, requestPath, seconds, transport, makeAgent) {
  const deadline = Date.now() + seconds * 1000;
  let total = 0;
  let non2xx = 0;
  let resumed = 0;
  const once = () =>
    new Promise((resolve, reject) => {
      const call = transport.request(
        `${origin}${requestPath}`,
        {
          headers: { ...browserHeaders(), connection: 'close' },
          agent: makeAgent(),
          servername: 'localhost',
          rejectUnauthorized: false,
        },
        (response) => {
          if (response.socket.isSessionReused?.()) resumed += 1;
          response.resume();
          response.on('end', () => resolve(response.statusCode));
        },
      );
      call.on('error', reject);
      call.end();
    });
  const loop = async () => {
    while (Date.now() < deadline) {
      const status = await once();
      total += 1;
      if (status < 200 || status > 299) non2xx += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(connections, 16) }, loop));
  return { total, non2xx, resumed: transport === https ? resumed : undefined };
}

const postgres = await scratchPostgres(root, 'haproxy');
const demo = await startDemoServer(root, {
  SERVER_SECRET: secret,
  DATABASE_URL: postgres.url,
  // The request's X-Forwarded-For is believed from loopback: the bench's (straight) or HAProxy's.
  TRUST_PROXY: 'loopback',
});
const dir = mkdtempSync(path.join(tmpdir(), 'bench-haproxy-'));
const [port, tlsPort] = [await freePort(), await freePort()];
const configFile = path.join(dir, 'haproxy.cfg');
writeFileSync(
  configFile,
  config(`127.0.0.1:${port}`, `127.0.0.1:${tlsPort}`, certificate(dir), new URL(demo.origin).host),
);
const haproxy = spawn(HAPROXY, ['-f', configFile, '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
const proxied = `http://127.0.0.1:${port}`;
const proxiedTls = `https://127.0.0.1:${tlsPort}`;
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
  const bannerCreative = demo.campaign.creatives.find(
    (c) => c.type === 'Banner' && c.layout !== 'in-banner-video',
  );
  const banner = bannerCreative.liveCreatives[0].id;
  const repeated = `/serve/t/impression?${signedImpressionQuery(secret, banner)}`;
  await fetch(`${demo.origin}${repeated}`, { method: 'POST', headers: browserHeaders() });
  const routes = [
    ['bare route (GET /serve/health)', { path: '/serve/health' }],
    ['VAST 4.2 (GET /serve/vast/{id}.xml)', { path: `/serve/vast/${video}.xml?cb=1` }],
    [
      'unique beacon (POST /serve/t/impression)',
      { method: 'POST', path: () => `/serve/t/impression?${signedImpressionQuery(secret, banner)}` },
    ],
    ['repeated beacon (one impression again)', { method: 'POST', path: repeated }],
  ];
  const vias = [
    ['straight', demo.origin],
    ['HAProxy', proxied],
    ['HAProxy TLS', proxiedTls],
  ];
  for (const [, route] of routes) for (const [, origin] of vias) await load(origin, route, 2);
  console.log(
    `${duration} s a row, ${connections} connections kept alive; CPU µs a request: the API process, HAProxy, this load generator; others: the cores the machine's other processes took meanwhile.\n`,
  );
  const header = (first) =>
    console.log(
      `${first.padEnd(42)} ${'via'.padEnd(12)} ${'req/s'.padStart(7)} ${'non-2xx'.padStart(8)} ${'API µs'.padStart(7)} ${'HAProxy'.padStart(8)} ${'load µs'.padStart(8)} ${'others'.padStart(6)}`,
    );
  /** Runs `work` (answering the requests and non-2xx) and prints its row with the CPU a request. */
  const row = async (label, via, work) => {
    const api = cpuMs(demo.pid);
    const proxy = cpuMs(haproxy.pid);
    const own = ownCpuMeter();
    const machine = machineCpuMeter();
    const started = Date.now();
    const { total: sent, non2xx, resumed } = await work();
    const seconds = (Date.now() - started) / 1000;
    const machineMs = machine.stop();
    const used = [cpuMs(demo.pid) - api, cpuMs(haproxy.pid) - proxy, own.stop()];
    const others = Math.max(0, machineMs - used.reduce((sum, ms) => sum + ms, 0)) / 1000 / seconds;
    const total = Math.max(1, sent);
    const per = (ms) => ((ms * 1000) / total).toFixed(1);
    console.log(
      `${label.padEnd(42)} ${via.padEnd(12)} ${(sent / seconds).toFixed(0).padStart(7)} ${String(non2xx).padStart(8)} ${used.map((ms, index) => per(ms).padStart(index === 0 ? 7 : 8)).join(' ')} ${others.toFixed(2).padStart(6)}${resumed === undefined ? '' : `  ${Math.round((100 * resumed) / total)} % resumed`}`,
    );
    return { sent, non2xx };
  };
  header('route');
  await settledCounts(demo, bannerCreative.id);
  const countedBefore = await creativeCounts(demo, bannerCreative.id);
  let uniqueAnswered = 0;
  for (const [label, route] of routes) {
    for (const [via, origin] of vias) {
      const { sent, non2xx } = await row(label, via, async () => {
        const result = await load(origin, route, duration);
        return { total: result.requests.total, non2xx: result.non2xx, resumed: undefined };
      });
      if (label.startsWith('unique')) uniqueAnswered += sent - non2xx;
    }
  }
  const counted = (await settledCounts(demo, bannerCreative.id)).impressions - countedBefore.impressions;
  console.log(
    `\nunique beacons: ${counted} counted of ${uniqueAnswered} answered (the repeated beacon's impression was counted before the rows; autocannon leaves out the requests in flight when a row ends, up to ${connections} a row)`,
  );
  console.log(
    `\nA new connection a request (Connection: close, ${Math.min(connections, 16)} at once), the bare route:\n`,
  );
  header('connection');
  const fresh = () => new https.Agent({ keepAlive: false, maxCachedSessions: 0 });
  const shared = new https.Agent({ keepAlive: false, maxCachedSessions: 100 });
  const bare = '/serve/health';
  for (const [label, via, origin, transport, makeAgent] of [
    ['plain TCP, a new connection each', 'straight', demo.origin, http, () => false],
    ['plain TCP, a new connection each', 'HAProxy', proxied, http, () => false],
    ['TLS, a full handshake each', 'HAProxy TLS', proxiedTls, https, fresh],
    ['TLS, the session resumed each', 'HAProxy TLS', proxiedTls, https, () => shared],
  ]) {
    await newConnections(origin, bare, 1, transport, makeAgent);
    await row(label, via, () => newConnections(origin, bare, duration, transport, makeAgent));
  }
  const negotiated = await new Promise((resolve, reject) => {
    const call = https.get(
      `${proxiedTls}${bare}`,
      { agent: fresh(), servername: 'localhost', rejectUnauthorized: false },
      (response) => {
        const { socket } = response;
        const key = socket.getEphemeralKeyInfo();
        resolve(`${socket.getProtocol()}, ${socket.getCipher().name}, key exchange ${key.name ?? key.type}`);
        response.resume();
      },
    );
    call.on('error', reject);
  });
  console.log(
    `\nHAProxy's health checks (every 500 ms) are in its CPU and the API's, in every row; straight rows show what they cost. TLS: HAProxy's defaults (section 4's bind) against Node's client: ${negotiated}, a self-signed ECDSA P-256 certificate.`,
  );
} finally {
  haproxy.kill('SIGTERM');
  await demo.stop();
  await postgres.drop();
  rmSync(dir, { recursive: true, force: true });
}
