// How long the inventory forecast takes to answer on the demo account (docs/reports.md, "The inventory
// forecast"): the booking "DE, mobile, weekdays 09-18 Berlin, 18 days from 10 days on, 250,000
// impressions" asked over HTTP as the console asks it, then the same with one more rule (an edit: the
// console asks again a quarter second after it), each `--rounds` times, beside `GET /api/ping` (the
// API's cheapest signed-out answer) in the same run. Then a second campaign booked with that targeting
// and flight: the first booking's forecast names it as contention and its availability drops. Last,
// docs/security.md "Round 6" (S6-2): five campaigns ending in 2100, then a 2-day forecast, with
// `/serve/health` asked every 10 ms meanwhile: the forecast's time and the health check's longest wait
// (before that fix the forecast walked every hour to 2100 on the event loop: 11 s, health blocked).
// Run `pnpm build` first (the built product, PGlite, a scratch data directory with the seeded demo).
//
//   node bench/forecast-answer.mjs [--rounds 10]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDemoServer } from './demo-server.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : process.argv[index + 1];
};
const rounds = Number(option('rounds', 10));
const DAY_MS = 86_400_000;
const day = (offset) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
const weekdaysNineToSix = Array.from({ length: 7 }, (_, weekday) =>
  Array.from({ length: 24 }, (_, hour) => weekday < 5 && hour >= 9 && hour < 18),
);
const booking = {
  rules: {
    countries: { mode: 'include', values: ['DE'] },
    devices: { mode: 'include', values: ['mobile'] },
    daypart: weekdaysNineToSix,
  },
  start: day(10),
  end: day(27),
  timezone: 'Europe/Berlin',
  goal: 250_000,
};
const edited = { ...booking, rules: { ...booking.rules, os: { mode: 'include', values: ['android'] } } };

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${value.toFixed(0)} ms`;

const demo = await startDemoServer(root);
try {
  const headers = {
    Cookie: demo.cookie,
    'X-Requested-With': 'adconsole',
    'Content-Type': 'application/json',
  };
  const timed = async (url, init) => {
    const started = performance.now();
    const response = await fetch(`${demo.origin}${url}`, init);
    const body = await response.json();
    if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
    return { took: performance.now() - started, data: body.data };
  };
  const forecast = (input) =>
    timed('/api/v1/forecast', { method: 'POST', headers, body: JSON.stringify(input) });
  const times = { ping: [], booking: [], edited: [] };
  let first;
  for (let round = 0; round < rounds; round += 1) {
    times.ping.push((await timed('/api/ping')).took);
    const answer = await forecast(booking);
    first ??= answer.data;
    times.booking.push(answer.took);
    times.edited.push((await forecast(edited)).took);
  }
  console.log(`The forecast on the demo account, ${rounds} rounds (PGlite, one process, loopback):`);
  console.log(
    `  GET /api/ping (reference)             median ${ms(median(times.ping))}, max ${ms(Math.max(...times.ping))}`,
  );
  console.log(
    `  the booking (DE, mobile, weekdays)      median ${ms(median(times.booking))}, max ${ms(Math.max(...times.booking))}  (goal: a verdict within 2 s)`,
  );
  console.log(
    `  the booking with one more rule (OS)     median ${ms(median(times.edited))}, max ${ms(Math.max(...times.edited))}  (goal: within 1 s of the edit, less the console's 250 ms wait)`,
  );
  const named = (data) =>
    data.contention
      .map((other) => `${other.name} (takes ${other.takenPerDay.toFixed(0)} a day)`)
      .join(', ') || 'none';
  const perDay = (data) => data.days.reduce((sum, entry) => sum + entry.available, 0) / data.days.length;
  console.log(
    `  verdict: ${first.verdict.kind}; ${first.days.length} days; ${perDay(first).toFixed(0)} impressions available a day; contention: ${named(first)}`,
  );

  // A second campaign booked with the same targeting and flight: the first booking now competes with it.
  const made = await timed('/api/v1/campaign/new', {
    method: 'POST',
    headers,
    body: JSON.stringify({
      name: 'Forecast bench booking',
      data: {
        start: { date: booking.start },
        end: { date: booking.end },
        timezone: booking.timezone,
        goal: { metric: 'impressions', amount: booking.goal },
      },
    }),
  });
  await timed('/api/v1/campaign/deliveryRules', {
    method: 'PUT',
    headers,
    body: JSON.stringify({ campaignID: made.data.id, rules: booking.rules }),
  });
  const again = (await forecast(booking)).data;
  console.log(
    `  with a second booking of the same targeting: ${perDay(again).toFixed(0)} a day available (was ${perDay(first).toFixed(0)}); contention: ${named(again)}`,
  );

  // S6-2: five campaigns ending in 2100 beside a 2-day forecast; the health check polled meanwhile.
  for (const name of ['a', 'b', 'c', 'd', 'e'])
    await timed('/api/v1/campaign/new', {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: `Bench far ${name}`,
        data: {
          start: { date: '2099-01-01' },
          end: { date: '2100-12-31' },
          goal: { metric: 'impressions', amount: 1_000_000 },
        },
      }),
    });
  const far = { rules: {}, start: '2100-12-01', end: '2100-12-02', timezone: 'UTC', goal: 1000 };
  const healthWaits = [];
  let polling = true;
  const poll = (async () => {
    while (polling) {
      const started = performance.now();
      await fetch(`${demo.origin}/serve/health`).then((response) => response.arrayBuffer());
      healthWaits.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const farTimes = [];
  for (let round = 0; round < rounds; round += 1) farTimes.push((await forecast(far)).took);
  polling = false;
  await poll;
  console.log(
    `  S6-2: five flights ending in 2100, a 2-day forecast: median ${ms(median(farTimes))}, max ${ms(Math.max(...farTimes))} (goal: under 1 s); /serve/health meanwhile: ${healthWaits.length} answers, median ${ms(median(healthWaits))}, longest ${ms(Math.max(...healthWaits))} (goal: never over 100 ms)`,
  );
} finally {
  await demo.stop();
}
