// The event journal (journal.ts): a tracked event is answered once it is in this process's journal, and
// reaches the store afterwards; the events of a process that died are written into the store by the next
// process to start, each counted once however often its segment is replayed.
import { spawn } from 'node:child_process';
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { servedAdSchema } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Client, startServer, type TestServer } from '../../test/harness';
import { demoAsset, publishedLive, signedInUser, visit } from '../../test/helpers';
import { EventJournal, parseSegment } from './journal';
import type { TrackedEvent } from './tracked-event';

describe('the event journal', () => {
  let server: TestServer;
  let owner: Client;
  let campaignID = '';
  let live = '';
  let journalDir = '';

  beforeAll(async () => {
    journalDir = await mkdtemp(path.join(tmpdir(), 'adconsole-journal-'));
    server = await startServer({ EVENTS_JOURNAL: 'on', EVENTS_JOURNAL_DIR: journalDir });
    ({ client: owner } = await signedInUser(server));
    campaignID =
      (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Journalled' })).body.data?.id ?? '';
    live = await publishedLive(owner, campaignID, { name: 'Box', type: 'Banner', width: 300, height: 250 }, [
      { name: 'banner.png', bytes: await demoAsset('banner.png') },
    ]);
  });
  afterAll(async () => {
    await server.close();
    await rm(journalDir, { recursive: true, force: true });
  });

  const impressions = async () =>
    (await owner.get<{ data: { impressions: number } }>(`/v1/campaign/get?campaignID=${campaignID}`)).body
      .data?.data.impressions ?? 0;
  const local = (url: string) => `${server.url}${new URL(url).pathname}${new URL(url).search}`;
  /** A served ad's impression beacon URL (a new signed impression each time). */
  const impressionUrl = async () => {
    const ad = servedAdSchema.parse(await (await visit(`${server.url}/serve/ad/${live}.json`)).json());
    return local(ad.events.impression ?? '');
  };
  const segmentsIn = async (dir: string) => (await readdir(dir)).filter((name) => name.endsWith('.events'));

  it('answers a beacon once its event is in the journal, then writes it into the store and counts it once', async () => {
    const before = await impressions();
    const url = await impressionUrl();
    expect((await visit(url, { method: 'POST' })).status).toBe(204);
    // On disk when answered: the segment of this process holds the event's line.
    const lines = (
      await Promise.all(
        (await segmentsIn(journalDir)).map((name) => readFile(path.join(journalDir, name), 'utf8')),
      )
    ).join('');
    const id = new URL(url).searchParams.get('i');
    expect(
      parseSegment(lines).some((event) => event.impressionId === id && event.type === 'impression'),
    ).toBe(true);
    await server.app.adconsole.events.writer.flush();
    expect(await impressions()).toBe(before + 1);
    // The same beacon again (a player's retry): acknowledged, never a second impression.
    expect((await visit(url, { method: 'POST' })).status).toBe(204);
    await server.app.adconsole.events.writer.flush();
    expect(await impressions()).toBe(before + 1);
  });

  /** Events as the tracking route journals them: valid impressions of the test's live creative. */
  const impressionEvents = async (count: number): Promise<TrackedEvent[]> =>
    Promise.all(
      Array.from({ length: count }, async () => {
        const url = new URL(await impressionUrl());
        return {
          liveId: live,
          type: 'impression' as const,
          at: new Date(),
          count: 1,
          impressionId: url.searchParams.get('i'),
          reason: null,
          dims: null,
        };
      }),
    );

  /** A process that has exited: its pid names a segment nobody owns any more. */
  const goneProcessPid = () =>
    new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ['-e', '']);
      child.on('exit', () => resolve(child.pid ?? 0));
    });

  it("writes a stopped process's journal into the store at start, each event once even when its segment is replayed twice; a torn last line is dropped", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'adconsole-journal-'));
    try {
      const events = await impressionEvents(5);
      const text = events
        .map((event) => `${JSON.stringify({ ...event, at: event.at.getTime() })}\n`)
        .join('');
      const pid = await goneProcessPid();
      // Five whole lines and the first half of a sixth, as a process killed in the middle of a write leaves.
      await writeFile(path.join(dir, `${pid}-dead1-0.events`), `${text}{"liveId":"${live}","ty`);
      // The same events in a second segment: a replay interrupted after writing them, replayed again.
      await copyFile(path.join(dir, `${pid}-dead1-0.events`), path.join(dir, `${pid}-dead1-1.events`));
      const before = await impressions();
      const journal = await EventJournal.open(dir);
      expect(await journal.recover((events) => server.app.adconsole.events.store.writeBatch(events))).toBe(
        10,
      );
      expect(await impressions()).toBe(before + 5);
      expect(await segmentsIn(dir)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('leaves alone the segments of a process that still runs', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'adconsole-journal-'));
    const running = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      const [event] = await impressionEvents(1);
      const name = `${running.pid}-alive1-0.events`;
      await writeFile(path.join(dir, name), `${JSON.stringify({ ...event, at: event?.at.getTime() })}\n`);
      const journal = await EventJournal.open(dir);
      expect(await journal.recover((events) => server.app.adconsole.events.store.writeBatch(events))).toBe(0);
      expect(await segmentsIn(dir)).toEqual([name]);
    } finally {
      running.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('deletes a segment once it is closed and every event in it has committed', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'adconsole-journal-'));
    try {
      const journal = await EventJournal.open(dir);
      const events = await impressionEvents(3);
      const segment = await journal.append(events);
      expect(await segmentsIn(dir)).toHaveLength(1);
      await journal.committed(segment, 3);
      // Still the segment new events go to: kept until it is closed.
      expect(await segmentsIn(dir)).toHaveLength(1);
      await journal.close();
      await vi.waitFor(async () => expect(await segmentsIn(dir)).toEqual([]));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
