// The load bench/serving.mjs sends, as a publisher's traffic arrives: a browser's user agent, a client
// address that changes with every request (X-Forwarded-For, believed from loopback: TRUST_PROXY), so
// the rate rule and the invalid-traffic checks run as in the field, and, for the end-to-end figures,
// whole impressions played as a player or the ad runtime plays them.
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import autocannon from 'autocannon';

export const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
];

/**
 * Residential networks of the shipped data (Deutsche Telekom 79.192.0.0/10, Comcast 73.0.0.0/8, BT
 * 86.128.0.0/10: in the country database, in no hosting range): 25 million addresses, so no client
 * reaches the rate rule's 10 ad requests a minute by chance.
 */
const RESIDENTIAL = [
  [79, 192, 64],
  [73, 0, 256],
  [86, 128, 64],
];
export function residentialAddress() {
  const [first, base, span] = RESIDENTIAL[Math.floor(Math.random() * RESIDENTIAL.length)];
  const second = base + Math.floor(Math.random() * span);
  return `${first}.${second}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
}

/** A browser's headers from a new residential address (a browser takes compressed answers). */
export const browserHeaders = () => ({
  'user-agent': USER_AGENTS[Math.floor(Math.random() * USER_AGENTS.length)],
  'accept-encoding': 'gzip, deflate, br, zstd',
  'x-forwarded-for': residentialAddress(),
});

/**
 * A fresh signed impression's query for a beacon, as the ad server signs it (the signed text of
 * apps/api/src/services/serving/signing.ts, written again here: the bench measures beacons of
 * impressions it did not have served; serving.mjs checks that they count).
 */
export function signedImpressionQuery(secret, liveId, form = 'adc2', id = newImpressionId()) {
  // 'legacy': the signed text of builds before length-prefixed fields (a --before checkout's).
  const text =
    form === 'adc2' ? `adc2|imp|${liveId.length}:${liveId}|${id.length}:${id}|0:` : `imp|${liveId}|${id}`;
  return `l=${liveId}&i=${encodeURIComponent(id)}&s=${sign(secret, text)}`;
}

/** A new impression id of the server's shape: its second in base 36, a dot, 16 random characters. */
export const newImpressionId = () =>
  `${Math.floor(Date.now() / 1000).toString(36)}.${randomBytes(12).toString('base64url')}`;

const sign = (secret, text) =>
  createHmac('sha256', Buffer.from(secret, 'utf8')).update(text).digest('base64url').slice(0, 22);

/** The click redirect's path for an impression, signed as the server signs it (no click prefix, no values). */
export function signedClickPath(secret, liveId, id, form = 'adc2') {
  const text =
    form === 'adc2'
      ? `adc2|click|${liveId.length}:${liveId}|${id.length}:${id}|0:|0:`
      : `click|${liveId}|${id}|`;
  return `/serve/click/${encodeURIComponent(liveId)}?i=${encodeURIComponent(id)}&s=${sign(secret, text)}`;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** One request on a kept-alive connection; answers the status and the body's text. */
function request(origin, method, path, headers) {
  return new Promise((resolve, reject) => {
    const call = http.request(`${origin}${path}`, { method, headers, agent }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'];
        const body =
          encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes;
        resolve({ status: response.statusCode, body: body.toString('utf8') });
      });
    });
    call.on('error', reject);
    call.end();
  });
}

/** The impression's tracking query in a VAST document or an ad JSON (the `/serve/t/impression?` URL's). */
const queryOf = (text) =>
  /\/serve\/t\/impression\?(l=[^&"\]]+&i=[^&"\]]+&s=[^&"\]]+(?:&d=[^&"\]]+)?)/.exec(text)?.[1];

/** Our click redirect in a VAST document or an ad JSON, as a path (unescaped from the XML). */
const clickPathOf = (text) => /\/serve\/click\/[^"<\]\s]+/.exec(text)?.[0].replaceAll('&amp;', '&');

/**
 * `connections` browsers asking `origin` for one path (or a new one each request: a function) for
 * `seconds`, each request with a browser's headers and a new address (`browserHeaders`), then any
 * `headers()` of the bench's own; `method` GET unless said; `autocannonOptions` any of autocannon's
 * own (`servername` for a TLS origin). Answers autocannon's result.
 */
export const browserLoad = ({
  origin,
  path,
  connections,
  seconds,
  headers = () => ({}),
  method = 'GET',
  autocannonOptions = {},
}) =>
  new Promise((resolve, reject) => {
    autocannon(
      {
        ...autocannonOptions,
        url: origin,
        connections,
        duration: seconds,
        requests: [
          {
            method,
            setupRequest: (request) => ({
              ...request,
              path: typeof path === 'function' ? path() : path,
              headers: { ...request.headers, ...browserHeaders(), ...headers() },
            }),
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });

/**
 * Plays whole impressions with `connections` clients for `seconds`: each asks for the ad (`adPath`),
 * reads its signed impression and sends `beacons` one after another, as a player does, each from the
 * same browser, then clicks `clickShare` of them (our redirect, not followed). Answers the impressions
 * played in full, the clicks, the requests sent and any failure.
 */
export async function playImpressions({ origin, adPath, beacons, connections, seconds, clickShare = 0 }) {
  const deadline = Date.now() + seconds * 1000;
  let played = 0;
  let clicked = 0;
  let requests = 0;
  const failures = new Map();
  const fail = (what) => failures.set(what, (failures.get(what) ?? 0) + 1);
  const client = async () => {
    while (Date.now() < deadline) {
      const headers = browserHeaders();
      const ad = await request(origin, 'GET', adPath, headers);
      requests += 1;
      const query = ad.status === 200 ? queryOf(ad.body) : undefined;
      if (!query) {
        fail(`ad ${ad.status}`);
        continue;
      }
      let complete = true;
      for (const type of beacons) {
        const beacon = await request(origin, 'POST', `/serve/t/${type}?${query}`, headers);
        requests += 1;
        if (beacon.status !== 204) {
          fail(`${type} ${beacon.status}`);
          complete = false;
        }
      }
      if (complete && Math.random() < clickShare) {
        const click = await request(origin, 'GET', clickPathOf(ad.body) ?? '/serve/click/none', headers);
        requests += 1;
        if (click.status === 302) clicked += 1;
        else fail(`click ${click.status}`);
      }
      if (complete) played += 1;
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: connections }, client));
  return {
    played,
    clicked,
    requests,
    seconds: (Date.now() - started) / 1000,
    failures: Object.fromEntries(failures),
  };
}
