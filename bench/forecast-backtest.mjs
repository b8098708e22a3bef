// The inventory forecast's backtest (docs/reports.md, "The inventory forecast"): the demo's own history
// of ad requests with their facts, exactly as the demo seed writes it (demoEvents, demoRequestFacts) into
// a scratch PGlite database and read back, is cut 14 days before its end; the forecast of those 14 days
// from the 60 before them (the domain's forecastInventory, as POST /v1/forecast runs it) is compared,
// day by day, with what the history had. Prints the seeding time of the rows and, for a few
// targetings, the mean absolute percentage error (MAPE) of the daily requests (days with none left out
// of the mean: a weekday daypart's weekends) and the error of the 14 days' total.
//
// Then the same forecast from the history as serving now keeps it (docs/reports.md, "The history,
// sampled"): each hour's requests of the seeded rows, one by one in a random order, each to one of the
// demo's six live creatives' tags, through the API's RequestFactsCounter, compared with what happened
// (the exact history): as it runs (every request's facts taken up to REQUEST_FACTS_EXACT_PER_HOUR of a
// tag's hour, then 1 in REQUEST_FACTS_SAMPLE_EVERY), and sampled from each tag hour's first request on
// (the regime of a busy tag, at the demo's volume). The replay's order and the gaps are seeded:
// `--seeds N` replays N times (5 by default) and prints the first and the largest move of each error
// from the exact history's.
//
//   node bench/forecast-backtest.mjs [--seeds 5]
import { tsImport } from 'tsx/esm/api';

const load = (path) => tsImport(path, import.meta.url);
const domain = await load('../packages/domain/src/index.ts');
const { demoEvents } = await load('../apps/api/src/services/demo/demo.ts');
const { demoRequestFacts } = await load('../apps/api/src/services/demo/demo-request-facts.ts');
const { addRequestFacts } = await load('../apps/api/src/db/queries/request-facts.ts');
const { RequestFactsCounter, REQUEST_FACTS_EXACT_PER_HOUR, REQUEST_FACTS_SAMPLE_EVERY } = await load(
  '../apps/api/src/services/events/request-facts.ts',
);
const { mulberry32 } = await load('../apps/api/src/services/demo/seeded-random.ts');
const { migrate } = await load('../apps/api/src/db/migrate.ts');
const { scratchPglite } = await load('./scratch-database.ts');

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const DAYS = 90;
const now = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS);

// The demo's rows as the seed makes and writes them.
const events = demoEvents(['l1', 'l2', 'l3', 'l4', 'l5', 'l6'], now, DAYS);
const flightStart = new Date(now.getTime() - DAYS * DAY_MS);
const rows = demoRequestFacts(events, 'demo', new Date(flightStart.getTime() + 2 * DAY_MS + 9 * HOUR_MS));
const scratch = await scratchPglite('forecast-backtest');
await migrate(scratch.db);
const seeding = performance.now();
for (let offset = 0; offset < rows.length; offset += 10_000)
  await addRequestFacts(scratch.db, rows.slice(offset, offset + 10_000));
const seedMs = performance.now() - seeding;
const read = await scratch.db.query(
  `select bucket, ${domain.REQUEST_FACTS.map((fact) => fact.column).join(', ')}, requests, served, refused from ad_request_facts`,
);
await scratch.drop();
const history = read.map((row) => ({
  at: new Date(row.bucket).getTime(),
  facts: Object.fromEntries(domain.REQUEST_FACTS.map((fact) => [fact.key, row[fact.column]])),
  requests: Number(row.requests),
  served: Number(row.served),
  refused: Number(row.refused),
}));
console.log(
  `Demo history: ${history.length.toLocaleString('en-US')} rows of hour and facts over ${DAYS} days (${history
    .reduce((sum, row) => sum + row.requests, 0)
    .toLocaleString('en-US')} requests), written in ${Math.round(seedMs)} ms.`,
);

const weekdays = (from, to) =>
  Array.from({ length: 7 }, (_, day) =>
    Array.from({ length: 24 }, (_, hour) => day < 5 && hour >= from && hour < to),
  );
const TARGETINGS = [
  ['Every request', {}, 'UTC'],
  ['United States', { countries: { mode: 'include', values: ['US'] } }, 'America/New_York'],
  [
    'Desktop, weekdays 09-18 New York',
    { devices: { mode: 'include', values: ['desktop'] }, daypart: weekdays(9, 18) },
    'America/New_York',
  ],
  [
    'DE, mobile, weekdays 09-18 Berlin',
    {
      countries: { mode: 'include', values: ['DE'] },
      devices: { mode: 'include', values: ['mobile'] },
      daypart: weekdays(9, 18),
    },
    'Europe/Berlin',
  ],
];

/** Each targeting's forecast of the last 14 days from `from`, against what happened (the exact history). */
function backtest(from) {
  return TARGETINGS.map(([name, rules, zone]) => {
    // The cut: the zone's midnight 14 days before the history's last local day ends.
    const lastDay = domain.localDay(zone, now.getTime() - 1);
    const firstDay = new Date(Date.parse(`${lastDay}T00:00:00Z`) - 13 * DAY_MS).toISOString().slice(0, 10);
    const cut = domain.wallTimeToUtc(`${firstDay}T00:00`, zone).getTime();
    const forecast = domain.forecastInventory({
      rules,
      flight: { start: firstDay, end: lastDay, timezone: zone },
      goal: 1,
      deliveryMode: 'asap',
      history: from.filter((row) => row.at < cut),
      contenders: [],
      now: cut,
    });
    const check = domain.compileDeliveryRules(rules, zone);
    const actual = new Map();
    for (const row of history) {
      if (row.at < cut || (check !== null && check(row.facts, row.at) !== null)) continue;
      const date = domain.localDay(zone, row.at);
      actual.set(date, (actual.get(date) ?? 0) + row.requests);
    }
    const errors = [];
    let forecastTotal = 0;
    let actualTotal = 0;
    for (const day of forecast.days) {
      const happened = actual.get(day.date) ?? 0;
      forecastTotal += day.kept;
      actualTotal += happened;
      if (happened > 0) errors.push(Math.abs(day.kept - happened) / happened);
    }
    const mape = errors.reduce((sum, error) => sum + error, 0) / Math.max(1, errors.length);
    const total = actualTotal > 0 ? Math.abs(forecastTotal - actualTotal) / actualTotal : 0;
    return { name, perDay: actualTotal / 14, mape, days: errors.length, total };
  });
}

/**
 * The history as serving keeps it: every request of each hour, in a random order, through the counter
 * (its facts taken 1 in REQUEST_FACTS_SAMPLE_EVERY of a tag's hour), to one of the six tags.
 */
async function sampledHistory(seed, exactPerHour) {
  const random = mulberry32(seed);
  const rows = [];
  const counter = new RequestFactsCounter(
    async (written) => {
      for (const row of written) rows.push(row);
    },
    { everyMs: 3_600_000, exactPerHour, random: mulberry32(seed + 1) },
  );
  const byHour = new Map();
  for (const row of history) {
    const hour = byHour.get(row.at) ?? [];
    hour.push(row);
    byHour.set(row.at, hour);
  }
  for (const [at, hourRows] of [...byHour].sort((a, b) => a[0] - b[0])) {
    const requests = [];
    for (const row of hourRows) {
      const source = { facts: () => row.facts };
      for (let index = 0; index < row.requests; index += 1)
        requests.push([
          source,
          index < row.served ? 'served' : index < row.served + row.refused ? 'flight' : 'frequency',
        ]);
    }
    for (let index = requests.length - 1; index > 0; index -= 1) {
      const other = Math.floor(random() * (index + 1));
      [requests[index], requests[other]] = [requests[other], requests[index]];
    }
    for (const [source, outcome] of requests)
      counter.add(`demo\t\tl${1 + Math.floor(random() * 6)}`, source, outcome, at + 60_000);
    await counter.flush();
  }
  await counter.close();
  return rows.map((row) => ({
    at: row.bucket.getTime(),
    facts: row.facts,
    requests: row.requests,
    served: row.served,
    refused: row.refused,
  }));
}

const pct = (value) => `${(value * 100).toFixed(1).padStart(5)} %`;
const exact = backtest(history);
console.log('\nForecast of the last 14 days from the 60 before, against what happened (requests a day):');
for (const { name, perDay, mape, days, total } of exact)
  console.log(
    `  ${name.padEnd(36)} ${Math.round(perDay).toLocaleString('en-US').padStart(7)} a day  MAPE ${pct(mape)} (${days} days)  total ${pct(total)}`,
  );

const seedsAt = process.argv.indexOf('--seeds');
const seeds = Math.max(1, Math.floor(Number(seedsAt === -1 ? 5 : process.argv[seedsAt + 1])) || 5);
for (const [title, exactPerHour] of [
  [
    `as serving keeps it (every request's facts taken up to ${REQUEST_FACTS_EXACT_PER_HOUR} of a tag's hour, then 1 in ${REQUEST_FACTS_SAMPLE_EVERY})`,
    REQUEST_FACTS_EXACT_PER_HOUR,
  ],
  [`sampled from each tag hour's first request (1 in ${REQUEST_FACTS_SAMPLE_EVERY} taken)`, 1],
]) {
  const runs = [];
  let sampledRows = 0;
  for (let seed = 1; seed <= seeds; seed += 1) {
    const sampled = await sampledHistory(seed * 1000, exactPerHour);
    sampledRows = sampled.length;
    runs.push(backtest(sampled));
  }
  console.log(
    `\nThe same from the history ${title}: ${sampledRows.toLocaleString('en-US')} rows; seed 1, and the largest move from the exact history's error over ${seeds} seeds:`,
  );
  for (const [index, { name, mape, days, total }] of runs[0].entries()) {
    const moves = (key) => Math.max(...runs.map((run) => Math.abs(run[index][key] - exact[index][key])));
    console.log(
      `  ${name.padEnd(36)} MAPE ${pct(mape)} (${days} days)  total ${pct(total)}   largest move: MAPE ${(moves('mape') * 100).toFixed(1)} points, total ${(moves('total') * 100).toFixed(1)} points`,
    );
  }
}
