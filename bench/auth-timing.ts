// How long sign-up and forgot password take for an address that has an account against one that has
// not: both paths do the same work (the password is hashed, a token issued, mail goes after the
// answer), so the ratios should be near 1. Figures only, printed side by side from one run; the tests
// check the mechanism instead (security.test.ts), since a ratio of timings read on a loaded machine
// is no test. The client runs in the server's process here: on PGlite (which works in that thread) the
// mail task a known address starts right after its answer delays the client reading that answer by a
// few milliseconds, which a remote client does not see (the answer has left by then).
//
//   pnpm exec tsx bench/auth-timing.ts [--rounds 15]      (TEST_DATABASE=postgres for the server's database)
import { Client, startServer } from '../apps/api/src/test/harness';
import { PASSWORD, signedInUser, uniqueEmail } from '../apps/api/src/test/helpers';

const index = process.argv.indexOf('--rounds');
const rounds = index === -1 ? 15 : Number(process.argv[index + 1]);

const server = await startServer({ COMPANY_DOMAIN: 'adconsole.test' });
try {
  const { email: existing } = await signedInUser(server);
  // A new client (a new address) per call: the per-address limit of 30 calls would answer 429 instead.
  const signUp = (email: string) =>
    new Client(server.url).post('/signup', {
      firstName: 'Bench',
      lastName: 'Mark',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      termsChecked: true,
    });
  const forgot = (email: string) => new Client(server.url).post('/forgotPassword', { email });
  // The answer's time only; the mail it left behind is sent before the next call starts.
  const time = async (call: () => Promise<unknown>) => {
    const start = performance.now();
    await call();
    const elapsed = performance.now() - start;
    await server.app.adconsole.background.settled();
    return elapsed;
  };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const rows: [string, number, number][] = [];
  for (const [route, call] of [
    ['POST /signup', signUp],
    ['POST /forgotPassword', forgot],
  ] as const) {
    const known: number[] = [];
    const unknown: number[] = [];
    // Warm up, then alternate so both paths see the same machine.
    await call(existing);
    await call(uniqueEmail());
    for (let round = 0; round < rounds; round += 1) {
      known.push(await time(() => call(existing)));
      unknown.push(await time(() => call(uniqueEmail())));
    }
    rows.push([route, median(known), median(unknown)]);
  }
  console.log(`Median of ${rounds} calls each, ${process.env.TEST_DATABASE ?? 'pglite'}:`);
  console.log('route                  has an account   has none   ratio');
  for (const [route, known, unknown] of rows) {
    console.log(
      `${route.padEnd(22)} ${known.toFixed(1).padStart(12)} ms ${unknown.toFixed(1).padStart(8)} ms ${(known / unknown).toFixed(2).padStart(7)}`,
    );
  }
} finally {
  await server.close();
}
