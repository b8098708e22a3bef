// The event journal (journal.ts): a tracked event is answered once it is in this process's journal, and
// reaches the store afterwards; the events of a process that died are written into the store by the next
// process to start, each counted once however often its segment is replayed.
import { spawn } from 'node:child_process';
import { copyFile, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { servedAdSchema } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Client, startServer, type TestServer } from '../../test/harness';
import { demoAsset, publishedLive, signedInUser, visit } from '../../test/helpers';
import type { WriteOptions } from './integrity';
import { EventJournal, JournalFullError, parseSegment } from './journal';
import type { EventStore } from './store';
import type { TrackedEvent } from './tracked-event';
import { EventWriter } from './writer';

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

  it('has a ceiling (S5: "the journal has no size ceiling"): an append past it writes nothing and is refused, room comes back as segments go, a start counts what it finds', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'adconsole-journal-'));
    try {
      const events = await impressionEvents(40);
      const journal = await EventJournal.open(dir, { maxBytes: 4096 });
      const first = await journal.append(events.slice(0, 10));
      expect(journal.bytes).toBeGreaterThan(1000);
      let appended = 10;
      await expect(
        (async () => {
          for (;;) {
            await journal.append(events.slice(appended, appended + 5));
            appended += 5;
          }
        })(),
      ).rejects.toBeInstanceOf(JournalFullError);
      expect(journal.bytes).toBeLessThanOrEqual(4096);
      const onDisk = async () =>
        (await Promise.all((await segmentsIn(dir)).map((name) => stat(path.join(dir, name))))).reduce(
          (sum, file) => sum + file.size,
          0,
        );
      expect(await onDisk()).toBe(journal.bytes);
      // Every event of the appends that returned is on disk; the refused one wrote nothing.
      const written = parseSegment(
        (
          await Promise.all((await segmentsIn(dir)).map((name) => readFile(path.join(dir, name), 'utf8')))
        ).join(''),
      );
      expect(written).toHaveLength(appended);
      // A new process on the same folder counts what it finds there.
      expect((await EventJournal.open(dir, { maxBytes: 4096 })).bytes).toBe(journal.bytes);
      // The first segment's events committed and the segment closed: its bytes are free again.
      await journal.committed(first, first.written);
      await journal.close();
      await vi.waitFor(async () => expect(journal.bytes).toBe(await onDisk()));
      expect(journal.bytes).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('past its ceiling, a tracked event is answered once the store has committed it: under a flood with the store slow, no answered event is lost and the journal stays under its ceiling', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'adconsole-journal-'));
    try {
      const store = server.app.adconsole.events.store;
      // A slow store: the journal fills faster than the batches empty it.
      const slow = Object.assign(Object.create(store) as EventStore, {
        async writeBatch(events: readonly TrackedEvent[], options?: WriteOptions) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          return store.writeBatch(events, options);
        },
      });
      const journal = await EventJournal.open(dir, { maxBytes: 8192 });
      const writer = new EventWriter(slow, { maxBatch: 1000, lingerMs: 0, durableLingerMs: 50 }, journal);
      const events = await impressionEvents(200);
      const before = await impressions();
      let largest = 0;
      const sizes = setInterval(() => {
        largest = Math.max(largest, journal.bytes);
      }, 5);
      const answered: Promise<void>[] = [];
      try {
        // Waves of 10 beacons every 10 ms: the first ones journalled, the later ones past the ceiling.
        for (let at = 0; at < events.length; at += 10) {
          answered.push(...events.slice(at, at + 10).map((event) => writer.record(event)));
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        await Promise.all(answered);
      } finally {
        clearInterval(sizes);
      }
      expect(writer.stats.overCeiling).toBeGreaterThan(0);
      expect(writer.stats.overCeiling).toBeLessThan(200);
      expect(largest).toBeLessThanOrEqual(8192);
      await writer.flush();
      expect(await impressions()).toBe(before + 200);
      await journal.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
