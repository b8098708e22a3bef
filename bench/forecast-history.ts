// What the forecast's history and reach's identity cost an ad request, in this process (docs/reports.md,
// "The history, sampled"; docs/serving.md, "The forecast's history sampled, reach's hash in
// JavaScript"): each request a new client as bench/serving.mjs sends them (a browser's user agent, a new
// residential address, a publisher page, Accept-Language), classified, its breakdown values worked out
// (what a served ad's impression carries anyway), then counted into the forecast's history with every
// request's facts taken (sampleEvery 1: the gate's work before 29 Nov 2026) and sampled (the default:
// a tag hour's first REQUEST_FACTS_EXACT_PER_HOUR whole, then 1 in REQUEST_FACTS_SAMPLE_EVERY, what it
// does now); and reach's identity hash of a new browser through node:crypto (hmacHex16, before) and in
// JavaScript (reachHash, now). Each figure is the difference from the same loop without that step.
// Figures only.
//
//   pnpm exec tsx bench/forecast-history.ts [--requests 300000]
import { randomBytes } from 'node:crypto';
import {
  REQUEST_FACTS_SAMPLE_EVERY,
  RequestFactsCounter,
} from '../apps/api/src/services/events/request-facts';
import { hmacHex16 } from '../apps/api/src/services/hmac';
import { loadHostingRanges } from '../apps/api/src/services/serving/hosting-ranges';
import { randomSlice } from '../apps/api/src/services/serving/random-pool';
import { reachHash } from '../apps/api/src/services/serving/reach-hash';
import { type RequestFacts, TrafficQuality } from '../apps/api/src/services/serving/traffic-quality';

const index = process.argv.indexOf('--requests');
const requests = index === -1 ? 300_000 : Number(process.argv[index + 1]);

const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
];
const hosting = await loadHostingRanges();
const quality = new TrafficQuality({ hosting, ssaiProxies: [], rateLimit: 1_000_000 });
/** The n-th request: a new residential address, one of 20 publisher sites. */
const request = (n: number): RequestFacts => ({
  ip: `79.${192 + ((n >>> 16) & 7)}.${(n >>> 8) & 255}.${1 + (n & 127)}`,
  headers: {
    'user-agent': USER_AGENTS[n % USER_AGENTS.length],
    'accept-language': 'de-DE,de;q=0.9,en;q=0.8',
  },
  query: { page: `https://www.site${n % 20}.example/news/${n % 1000}` },
});
const TAGS = ['c1\t\tl1', 'c1\t\tl2', 'c2\t\tl3'];
const now = Date.now();

/** µs a request of `each`, after a warm-up of a fifth as many. */
function time(each: (n: number) => void): number {
  for (let n = 0; n < requests / 5; n += 1) each(n);
  const started = process.hrtime.bigint();
  for (let n = 0; n < requests; n += 1) each(requests + n);
  return Number(process.hrtime.bigint() - started) / 1000 / requests;
}
const line = (label: string, micros: number) =>
  console.log(`${label.padEnd(72)} ${micros.toFixed(2).padStart(7)} µs`);

const noWrite = async () => {};
const every = new RequestFactsCounter(noWrite, { sampleEvery: 1 });
const sampled = new RequestFactsCounter(noWrite);
// Rounds alternate the loops, so a drift of this machine's speed meets each alike; the medians are printed.
const runs: Record<string, number[]> = { base: [], every: [], sampled: [], library: [], js: [] };
const secret = randomBytes(32);
for (let round = 0; round < 5; round += 1) {
  runs.base?.push(time((n) => quality.classify(request(n)).dimensions()));
  runs.every?.push(
    time((n) => {
      const client = quality.classify(request(n));
      client.dimensions();
      every.add(TAGS[n % 3] as string, client, 'served', now);
    }),
  );
  runs.sampled?.push(
    time((n) => {
      const client = quality.classify(request(n));
      client.dimensions();
      sampled.add(TAGS[n % 3] as string, client, 'served', now);
    }),
  );
  runs.library?.push(time(() => hmacHex16(secret, `adc-reach|b|${randomSlice(16).toString('base64url')}`)));
  runs.js?.push(time(() => reachHash(secret, `b|${randomSlice(16).toString('base64url')}`)));
}
const median = (values: number[] = []) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const [base, all, some] = [median(runs.base), median(runs.every), median(runs.sampled)];
console.log(`${requests.toLocaleString('en-US')} requests a loop, medians of 5 rounds:\n`);
line('classify a new client and its breakdown values (the base)', base);
line("the forecast's history, every request's facts taken (before)", all - base);
line(`the forecast's history, 1 in ${REQUEST_FACTS_SAMPLE_EVERY} taken (now)`, some - base);
line("a new browser's reach id and its hash through node:crypto, hmacHex16 (before)", median(runs.library));
line("a new browser's reach id and its hash in JavaScript, reachHash (now)", median(runs.js));
await every.close();
await sampled.close();
