// The event journal: where a tracked event is made durable before its request is answered, when the
// process journals (EVENTS_JOURNAL, on in production: docs/serving.md "The event journal"). Each event is
// appended as one line to a segment file of this process in EVENTS_JOURNAL_DIR, the events of one tick
// in one write; the request is answered once that write has returned. The database (or ClickHouse) gets
// the events afterwards, in batches as large as the load makes them, and a segment is deleted once every
// event in it has committed there.
//
// The write is synchronous (`writeSync`): a write of a few kilobytes into the page cache takes the event
// loop about 3 µs, while the asynchronous one (a promise, a hand-over to libuv's thread pool and back) cost
// about 40 µs of CPU an append on the 2-core machine, which at a few events an append was the largest part
// of a journalled beacon's own cost (docs/serving.md, "The event journal").
//
// A write that has returned is in the operating system's page cache: it survives the process's death
// (SIGKILL, a crash, an out-of-memory kill) but not the machine's. At start a process takes over every
// segment whose process is gone (by an atomic rename, so two processes starting together never take
// the same one) and writes its events into the store before it listens. Writing an event twice is
// harmless: the store keeps an impression's event of one type once (integrity.ts), so a segment replayed
// after a crash in the middle of its replay counts nothing twice.
//
// The journal has a ceiling (EVENTS_JOURNAL_MAX_BYTES, 1 GiB by default): an append that would take it
// past refuses (JournalFullError) and writes nothing, and the caller answers those events only once the
// store has committed them, as without a journal (writer.ts; bus/publisher.ts during a long outage of the
// event log). The disk never fills; an acknowledged event is in the journal or the store.
import { randomBytes } from 'node:crypto';
import { writeSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { mkdir, open, readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { TrackedEvent } from './tracked-event';

/** A segment is closed for new events after this many events or this long, whichever comes first. */
const SEGMENT_EVENTS = 50_000;
const SEGMENT_MS = 5_000;
/** Events of a taken-over segment written to the store at a time. */
const REPLAY_BATCH = 1_000;
const SUFFIX = '.events';

/** One segment file: the events written to it, and how many of them have committed in the store. */
export class JournalSegment {
  written = 0;
  committed = 0;
  /** Its size on disk (bytes appended). */
  bytes = 0;
  sealed = false;
  constructor(
    readonly file: string,
    readonly handle: FileHandle,
    readonly openedAt: number,
  ) {}
}

/** `<pid>-<boot>-<n>.events`: the process that owns a segment, by its pid and its boot's id. */
const ownerOf = (name: string) => {
  const match = /^(\d+)-([0-9a-z]+)-r?\d+\.events$/.exec(name);
  return match ? { pid: Number(match[1]), boot: match[2] ?? '' } : undefined;
};

/** Whether a process with this pid runs on this machine (a pid in use by another user counts too). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Writes all of `text` (`bytes` long in UTF-8) at the end of the file: a short write goes on from where it stopped. */
function writeWhole(fd: number, text: string, bytes: number): void {
  let written = writeSync(fd, text);
  if (written >= bytes) return;
  const buffer = Buffer.from(text);
  while (written < bytes) written += writeSync(fd, buffer, written);
}

/** One line of a segment (and of a message of the event bus): the event with its time in milliseconds. */
export const eventLine = (event: TrackedEvent) => `${JSON.stringify({ ...event, at: event.at.getTime() })}\n`;

/** The events of a segment's text; a last line cut short by a crash in the middle of a write is dropped. */
export function parseSegment(text: string): TrackedEvent[] {
  const events: TrackedEvent[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    try {
      const parsed = JSON.parse(line) as Omit<TrackedEvent, 'at'> & { at: number };
      events.push({ ...parsed, at: new Date(parsed.at) });
    } catch {
      // Only the last line can be torn: an append is one write of whole lines.
    }
  }
  return events;
}

/** The journal's default ceiling (EVENTS_JOURNAL_MAX_BYTES): about an hour of 1,000 beacons a second. */
export const JOURNAL_MAX_BYTES = 1024 * 1024 * 1024;

/**
 * An append refused because the journal holds its ceiling (EVENTS_JOURNAL_MAX_BYTES): nothing written.
 * Its caller answers the events only once the store has committed them (writer.ts, bus/publisher.ts).
 */
export class JournalFullError extends Error {
  constructor(maxBytes: number) {
    super(`the event journal holds its ceiling of ${maxBytes} bytes (EVENTS_JOURNAL_MAX_BYTES)`);
    this.name = 'JournalFullError';
  }
}

export class EventJournal {
  private readonly boot = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  private sequence = 0;
  private current: JournalSegment | undefined;
  /** Segments with events not yet committed in the store. */
  private readonly open = new Set<JournalSegment>();

  /**
   * The bytes of the segments this process knows: the ones of gone processes it found at start (to take
   * over), then what it appends, less what it deletes. A running process's segments on a shared folder
   * are that process's to count.
   */
  private size = 0;

  private constructor(
    readonly dir: string,
    readonly maxBytes: number,
  ) {}

  /** Opens the journal in `dir` (made if missing), holding at most `maxBytes` (EVENTS_JOURNAL_MAX_BYTES). */
  static async open(
    dir: string,
    { maxBytes = JOURNAL_MAX_BYTES }: { maxBytes?: number } = {},
  ): Promise<EventJournal> {
    await mkdir(dir, { recursive: true });
    const journal = new EventJournal(dir, maxBytes);
    for (const name of await readdir(dir)) {
      // The segments this process may take over: those of processes that are gone. A running process's
      // segments (a folder shared on one machine) are its own to count and delete.
      const owner = ownerOf(name);
      if (!owner || (owner.pid !== process.pid && running(owner.pid))) continue;
      journal.size += await stat(path.join(dir, name)).then(
        (found) => found.size,
        () => 0,
      );
    }
    return journal;
  }

  /** The bytes the journal holds, as this process counts them. */
  get bytes(): number {
    return this.size;
  }

  /**
   * Appends the events in one write; resolves once it has returned, with the segment they are in. Throws
   * JournalFullError, writing nothing, when they would take the journal past its ceiling.
   */
  async append(events: readonly TrackedEvent[]): Promise<JournalSegment> {
    const text = events.map(eventLine).join('');
    const bytes = Buffer.byteLength(text);
    if (this.size + bytes > this.maxBytes) throw new JournalFullError(this.maxBytes);
    this.size += bytes;
    let segment: JournalSegment;
    try {
      segment = await this.segmentFor(events.length);
    } catch (error) {
      this.size -= bytes;
      throw error;
    }
    segment.written += events.length;
    segment.bytes += bytes;
    writeWhole(segment.handle.fd, text, bytes);
    return segment;
  }

  /** Counts events of `segment` as committed in the store; a closed segment all committed is deleted. */
  async committed(segment: JournalSegment, count: number): Promise<void> {
    segment.committed += count;
    await this.retireIfDone(segment);
  }

  /** Closes the current segment (shutdown); deletes it when everything in it has committed. */
  async close(): Promise<void> {
    const segment = this.current;
    this.current = undefined;
    if (segment) await this.seal(segment);
  }

  /**
   * Takes over the segments of processes that are gone (and of this pid's earlier boots: a container
   * restarts with the same pid) and hands their events to `write` (the store's writeBatch, or the event
   * bus's publish), `REPLAY_BATCH` at a time. With `ownSealed`, this process's own segments too, all but
   * the one it appends to (the bus's fallback, after `release`). Answers how many events it handed over.
   */
  async recover(
    write: (events: TrackedEvent[]) => Promise<unknown>,
    { ownSealed = false }: { ownSealed?: boolean } = {},
  ): Promise<number> {
    let recovered = 0;
    for (const name of (await readdir(this.dir)).sort()) {
      const owner = ownerOf(name);
      if (!owner || path.join(this.dir, name) === this.current?.file) continue;
      if (owner.boot === this.boot ? !ownSealed : owner.pid !== process.pid && running(owner.pid)) continue;
      // Renamed into a segment name of this boot: a crash in the middle of the replay leaves it to the
      // next process to start, like every other segment of a process that is gone.
      const taken = path.join(this.dir, `${process.pid}-${this.boot}-r${this.sequence++}${SUFFIX}`);
      try {
        await rename(path.join(this.dir, name), taken);
      } catch {
        continue; // Another process took it first.
      }
      const text = await readFile(taken, 'utf8');
      const events = parseSegment(text);
      for (let at = 0; at < events.length; at += REPLAY_BATCH) {
        await write(events.slice(at, at + REPLAY_BATCH));
      }
      await unlink(taken);
      // A segment another process wrote after this one started was never counted: never below nothing.
      this.size = Math.max(0, this.size - Buffer.byteLength(text));
      recovered += events.length;
    }
    return recovered;
  }

  /**
   * Stops appending to the segments open now and closes them without deleting them: they are then files
   * for `recover` with `ownSealed`, the next append opens a new segment. The event bus's fallback calls
   * it with no append in progress (bus/publisher.ts), when the log is back and the journal drains.
   */
  async release(): Promise<void> {
    const segments = [...this.open];
    this.open.clear();
    this.current = undefined;
    for (const segment of segments) await segment.handle.close();
  }

  /** Whether an append since the last `release` opened a segment (the event bus's drain takes it next). */
  hasOpenSegments(): boolean {
    return this.open.size > 0;
  }

  private async segmentFor(count: number): Promise<JournalSegment> {
    const now = Date.now();
    const current = this.current;
    if (current && current.written + count <= SEGMENT_EVENTS && now - current.openedAt < SEGMENT_MS)
      return current;
    const file = path.join(this.dir, `${process.pid}-${this.boot}-${this.sequence++}${SUFFIX}`);
    const segment = new JournalSegment(file, await open(file, 'a'), now);
    this.current = segment;
    this.open.add(segment);
    if (current) await this.seal(current);
    return segment;
  }

  private async seal(segment: JournalSegment): Promise<void> {
    segment.sealed = true;
    await this.retireIfDone(segment);
  }

  private async retireIfDone(segment: JournalSegment): Promise<void> {
    if (!segment.sealed || segment.committed < segment.written || !this.open.delete(segment)) return;
    await segment.handle.close();
    await unlink(segment.file);
    this.size = Math.max(0, this.size - segment.bytes);
  }
}
