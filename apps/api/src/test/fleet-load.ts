// The fleet suite's load (npm run test:fleet): unique impressions as browsers make them, each from a new
// client address (X-Forwarded-For, as the edge in front of the load balancer writes it) with a browser's
// user agent: ask for the ad, then send its impression beacon. A beacon that is not answered 2xx is sent
// again, as a player does, until it is; the load counts every beacon acknowledged (valid or, from a
// data-centre address, invalid) and every refusal it saw along the way.
import http from 'node:http';

const BROWSER_USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
];

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;
const byte = () => Math.floor(Math.random() * 254) + 1;

/** Residential networks of the shipped data (Deutsche Telekom, Comcast, BT): in no hosting range. */
/**
 * A residential address in the United States: outside the EEA, so a request of it without a GDPR
 * signal may keep device state (docs/privacy.md), as the fleet's cap checks need.
 */
export const usResidentialAddress = () => `73.${byte()}.${byte()}.${byte()}`;
export const residentialAddress = () =>
  pick([
    () => `79.${192 + Math.floor(Math.random() * 64)}.${byte()}.${byte()}`,
    () => `73.${byte()}.${byte()}.${byte()}`,
    () => `86.${128 + Math.floor(Math.random() * 64)}.${byte()}.${byte()}`,
  ])();
/** An AWS address: a data centre, so its impressions are stored as invalid (`data-centre`). */
const dataCentreAddress = () => `52.94.236.${byte()}`;

export interface Answer {
  status: number;
  body: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** One request on a kept-alive connection; rejects on a network error or after 15 s without an answer. */
export function send(url: string, method: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const call = http.request(url, { method, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
    });
    call.setTimeout(15_000, () => call.destroy(new Error('no answer within 15 s')));
    call.on('error', reject);
    call.end();
  });
}

export interface LoadFigures {
  /** Ad requests sent (answered or not). */
  adRequests: number;
  /** Beacons sent, retries included. */
  beaconsSent: number;
  /** Impressions whose beacon was acknowledged (2xx), each once. */
  acknowledged: number;
  /** Of those, from a residential address (valid) and from a data centre (invalid). */
  valid: number;
  invalid: number;
  /** Beacons acknowledged only after one or more refusals. */
  retried: number;
  /** Beacons still refused when the load gave up on them (10 s of retries): lost, were any. */
  abandoned: number;
  /** Refusals seen, by what was refused and how: `beacon 502`, `ad network error`. */
  refused: Record<string, number>;
  /** Answers with a 5xx status, and requests without an answer, over the whole load. */
  serverErrors: number;
  networkErrors: number;
  seconds: number;
}

export interface Load {
  figures: LoadFigures;
  /** Stops asking for new ads, lets every impression in progress finish, and answers the figures. */
  stop(): Promise<LoadFigures>;
}

/**
 * `concurrency` browsers playing impressions of `liveId` through `origin` until stopped (a list: each
 * impression from the next origin in turn); every `invalidEvery`-th impression (0: none) comes from a
 * data-centre address.
 */
export function startLoad(options: {
  origin: string | readonly string[];
  liveId: string;
  concurrency: number;
  invalidEvery: number;
}): Load {
  const figures: LoadFigures = {
    adRequests: 0,
    beaconsSent: 0,
    acknowledged: 0,
    valid: 0,
    invalid: 0,
    retried: 0,
    abandoned: 0,
    refused: {},
    serverErrors: 0,
    networkErrors: 0,
    seconds: 0,
  };
  const started = Date.now();
  let running = true;
  let made = 0;
  const refuse = (what: string, answer: Answer | undefined) => {
    const key = `${what} ${answer ? answer.status : 'network error'}`;
    figures.refused[key] = (figures.refused[key] ?? 0) + 1;
    if (answer === undefined) figures.networkErrors += 1;
    else if (answer.status >= 500) figures.serverErrors += 1;
  };
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const origins = typeof options.origin === 'string' ? [options.origin] : options.origin;
  const browser = async () => {
    while (running) {
      made += 1;
      const origin = origins[made % origins.length] as string;
      const invalid = options.invalidEvery > 0 && made % options.invalidEvery === 0;
      const headers = {
        'user-agent': pick(BROWSER_USER_AGENTS),
        'x-forwarded-for': invalid ? dataCentreAddress() : residentialAddress(),
      };
      figures.adRequests += 1;
      const ad = await send(`${origin}/serve/ad/${options.liveId}.json`, 'GET', headers).catch(
        () => undefined,
      );
      if (ad?.status !== 200) {
        refuse('ad', ad);
        await pause(50);
        continue;
      }
      const impression = new URL(
        (JSON.parse(ad.body) as { events: { impression: string } }).events.impression,
      );
      const beacon = `${origin}${impression.pathname}${impression.search}`;
      for (let attempt = 1; ; attempt += 1) {
        figures.beaconsSent += 1;
        const answer = await send(beacon, 'POST', headers).catch(() => undefined);
        if (answer !== undefined && answer.status >= 200 && answer.status < 300) {
          figures.acknowledged += 1;
          if (invalid) figures.invalid += 1;
          else figures.valid += 1;
          if (attempt > 1) figures.retried += 1;
          break;
        }
        refuse('beacon', answer);
        if (attempt >= 100) {
          figures.abandoned += 1;
          break;
        }
        await pause(100);
      }
    }
  };
  const browsers = Promise.all(Array.from({ length: options.concurrency }, browser));
  return {
    figures,
    async stop() {
      running = false;
      await browsers;
      figures.seconds = (Date.now() - started) / 1000;
      return figures;
    },
  };
}
