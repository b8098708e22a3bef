// Periodic clean-ups run once across the fleet: each poll of each process asks for the clean-up's lease
// in the database (job_leases), and only the process that gets it runs the clean-up until the lease
// ends. Scheduled reports, the other kind of job, are claimed row by row (schedules.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeLease } from '../../db/queries/job-leases';
import {
  type SecondProcess,
  startSecondProcess,
  startServer,
  type TestServer,
  testDatabaseKind,
} from '../../test/harness';
import { expiredFileSweep } from '../stored-files/file-rows';

const SWEEP_LEASE = expiredFileSweep.kind;

describe(`the job lease: a clean-up runs once across API processes (${testDatabaseKind()})`, () => {
  let server: TestServer;
  let second: SecondProcess;
  beforeAll(async () => {
    server = await startServer();
    second = await startSecondProcess(server);
  });
  afterAll(async () => {
    await second?.close();
    await server?.close();
  });

  const expiredFile = async (name: string) => {
    await server.db.query(
      `insert into files (name, owner_id, public, content_type, size, expires_at)
       values ($1, null, false, 'text/csv', 1, now() - interval '1 minute')`,
      [name],
    );
  };
  const exists = async (name: string) =>
    (await server.db.query('select 1 from files where name = $1', [name])).length > 0;

  it('of two processes polling at once, one takes the sweep lease and sweeps; the other sweeps nothing until the lease ends', async () => {
    await server.db.query('delete from job_leases');
    await expiredFile('lease-1.csv');
    await Promise.all([server.app.jobs.runOnce(), second.app.jobs.runOnce()]);
    const [lease] = await server.db.query<{ holder: string }>(
      'select holder from job_leases where name = $1',
      [SWEEP_LEASE],
    );
    expect([server.app.jobs.worker, second.app.jobs.worker]).toContain(lease?.holder);
    expect(await exists('lease-1.csv')).toBe(false);
    // Within the lease, neither process sweeps again, whichever polls.
    await expiredFile('lease-2.csv');
    await Promise.all([server.app.jobs.runOnce(), second.app.jobs.runOnce()]);
    expect(await exists('lease-2.csv')).toBe(true);
    // Once the lease has ended, the next poll sweeps.
    await server.db.query("update job_leases set until = now() - interval '1 second' where name = $1", [
      SWEEP_LEASE,
    ]);
    await second.app.jobs.runOnce();
    expect(await exists('lease-2.csv')).toBe(false);
  });

  it('a lease asked for by many at once is given to one', async () => {
    const holders = Array.from({ length: 8 }, (_, index) => `process-${index}`);
    const taken = await Promise.all(
      holders.map((holder) => takeLease(server.db, 'lease-race', holder, 60_000)),
    );
    expect(taken.filter(Boolean)).toHaveLength(1);
  });
});
