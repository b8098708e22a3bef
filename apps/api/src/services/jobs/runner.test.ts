// The job runner (./runner.ts) and what a job kind declares (./kinds.ts): each kind that runs rows
// declares its payload's schema, and a row its kind cannot read fails for good at its first attempt,
// with the schema's complaint, instead of failing the same way on every retry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '../../db/queries/jobs';
import { startServer, type TestServer, testDatabaseKind } from '../../test/harness';
import { newId } from '../ids';

describe(`the job runner (${testDatabaseKind()})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.close());

  const jobOf = async (key: string) => {
    const [job] = await server.db.query<{ state: string; attempts: number; last_error: string | null }>(
      'select state, attempts, last_error from jobs where key = $1',
      [key],
    );
    return job;
  };

  it('a payload that does not parse fails its job for good at the first attempt, saying which field', async () => {
    const broken = [
      { kind: 'webhook', key: `broken:webhook:${newId()}`, payload: { deliveryId: 42 } },
      { kind: 'alert-mail', key: `broken:alert:${newId()}`, payload: { alertId: 'a1', notice: 'closed' } },
      { kind: 'report-delivery', key: `broken:report:${newId()}`, payload: {} },
    ];
    for (const job of broken) await enqueueJob(server.db, { id: newId(), ...job });
    await server.app.jobs.runOnce(10);
    const webhook = await jobOf(broken[0]?.key ?? '');
    expect(webhook).toMatchObject({ state: 'failed', attempts: 1 });
    expect(webhook?.last_error).toMatch(
      /^The payload of this webhook job does not match its kind's schema \(deliveryId: .+\): not run, and not retried\.$/,
    );
    const alert = await jobOf(broken[1]?.key ?? '');
    expect(alert).toMatchObject({ state: 'failed', attempts: 1 });
    expect(alert?.last_error).toContain('notice: ');
    expect(alert?.last_error).toContain('sent: ');
    const report = await jobOf(broken[2]?.key ?? '');
    expect(report).toMatchObject({ state: 'failed', attempts: 1 });
    expect(report?.last_error).toContain('scheduleId: ');
    // Failed for good: the next poll claims none of them again.
    await server.app.jobs.runOnce(10);
    for (const job of broken) expect((await jobOf(job.key))?.attempts).toBe(1);
  });

  it('a job of a kind no process here runs is retried later, not failed (a newer process may run it)', async () => {
    const key = `unknown:${newId()}`;
    await enqueueJob(server.db, { id: newId(), kind: 'not-a-kind-yet', key, payload: {} });
    await server.app.jobs.runOnce(10);
    expect(await jobOf(key)).toMatchObject({
      state: 'pending',
      attempts: 1,
      last_error: 'No handler for jobs of kind not-a-kind-yet',
    });
  });
});
