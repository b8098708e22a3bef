// What a consent string costs the ad server to read (services/serving/consent.ts, tc-string-bounds.ts;
// docs/security.md, "Round 6"): each range bomb handed to the IAB's library directly (what the reader
// did before its bounds) and through the reader now, an honest string both ways, and the costliest string
// within the bounds: the library's time on it (what the serving path took before our reader) and ours,
// alone and in a GPP string's EU TCF section. Figures only.
//
//   pnpm exec tsx bench/consent-bounds.ts [--skip-library]
//
// --skip-library leaves out the library's own time on the bombs (about 40 s together on a loaded two-core machine).
import { createRequire } from 'node:module';
import { readTcString } from '../apps/api/src/services/serving/consent';
import {
  gppStringInBounds,
  readTcFacts,
  tcStringInBounds,
} from '../apps/api/src/services/serving/tc-string-bounds';
import { tcString } from '../apps/api/src/test/consent';
import {
  core,
  gppHeaderNaming,
  HIGHEST_VENDOR_ID,
  rangeList,
  restrictionBits,
  restrictionBomb,
  segment,
  vendorBomb,
} from '../apps/api/src/test/tc-string-bits';

// The IAB's libraries are the API's dependencies, not the repository root's: resolved from the API.
const fromApi = createRequire(new URL('../apps/api/package.json', import.meta.url));
const { TCString } = fromApi('@iabtechlabtcf/core') as { TCString: { decode(text: string): unknown } };
const { GppModel } = fromApi('@iabgpp/cmpapi') as {
  GppModel: new (text: string) => { getSectionIds(): number[] };
};

const skipLibrary = process.argv.includes('--skip-library');
/** Runs of a cheap reading, averaged. */
const RUNS = 200;
/** A vendor id no other reading used, so each `readTcString` below misses the cache. */
let vendorId = 100_000;

const milliseconds = (work: () => unknown, runs = 1) => {
  const started = process.hrtime.bigint();
  for (let run = 0; run < runs; run += 1) work();
  return Number(process.hrtime.bigint() - started) / 1e6 / runs;
};
const figure = (ms: number) => (ms < 1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(1)} ms`);
/** The library's time on `work`, thrown or not (the GPP library throws after expanding the header). */
const library = (work: () => unknown) => {
  if (skipLibrary) return 'skipped';
  let threw = '';
  const ms = milliseconds(() => {
    try {
      work();
    } catch {
      threw = ', then threw';
    }
  });
  return `${figure(ms)}${threw}`;
};

const bombs = {
  'vendor ranges, 2.2 KB': vendorBomb(2_200),
  'vendor ranges, 16 KB': vendorBomb(16_000),
  'publisher restrictions, 15 KB': restrictionBomb(15_000),
};
for (const [name, value] of Object.entries(bombs)) {
  const before = library(() => TCString.decode(value));
  vendorId += 1;
  const now = milliseconds(() => readTcString(value, vendorId));
  const check = milliseconds(() => tcStringInBounds(value), RUNS);
  console.log(
    `${name} (${value.length} characters): TCString.decode ${before}; readTcString now ${figure(now)} (the bounds alone ${figure(check)})`,
  );
}

const headerBomb = `${gppHeaderNaming(10_000_000)}~${tcString()}`;
const headerBounds = figure(milliseconds(() => gppStringInBounds(headerBomb), RUNS));
console.log(
  `GPP header naming 10 million sections (${headerBomb.length} characters): new GppModel ${library(() => new GppModel(headerBomb).getSectionIds())}; the bounds now ${headerBounds}`,
);

const honest = tcString();
console.log(
  `an honest string (${honest.length} characters): TCString.decode ${figure(milliseconds(() => TCString.decode(honest), RUNS))}; the bounds ${figure(milliseconds(() => tcStringInBounds(honest), RUNS))}`,
);

// Every vendor id in each of the four vendor lists, and publisher restrictions up to their cap.
const everyId = rangeList(HIGHEST_VENDOR_ID, [[1, HIGHEST_VENDOR_ID]]);
const costliest = [
  core(everyId, everyId, restrictionBits([{ purposeId: 1, type: 0, entries: [[1, HIGHEST_VENDOR_ID]] }])),
  segment(1, everyId),
  segment(2, everyId),
].join('.');
const fresh = (text: string) => `${text} `.slice(0, -1);
const costliestGpp = `DBABMA~${costliest}`;
console.log(
  `the costliest string within bounds (${costliest.length} characters, in bounds: ${tcStringInBounds(costliest)}): old, TCString.decode ${figure(milliseconds(() => TCString.decode(fresh(costliest)), 5))}; new, readTcFacts ${figure(milliseconds(() => readTcFacts(fresh(costliest), 755), RUNS))}, readTcString (a new vendor id each time, so no cache) ${figure(
    milliseconds(() => {
      vendorId += 1;
      return readTcString(costliest, vendorId);
    }, RUNS),
  )}`,
);
console.log(
  `the same in a GPP string's EU TCF section (${costliestGpp.length} characters): new GppModel and the section's text ${figure(
    milliseconds(() => {
      const model = new GppModel(fresh(costliestGpp)) as unknown as {
        getSectionIds(): number[];
        encodeSectionById(id: number): string;
      };
      model.getSectionIds();
      return readTcFacts(model.encodeSectionById(2), 755);
    }, RUNS),
  )}`,
);
