// What this process published into the event log and the store has not yet acknowledged, by stream
// sequence (bus/publisher.ts): kept until the fleet's consumer's acknowledgement floor passes it, up to
// RETAINED_BYTES, so that a stream deleted underneath (or lost with its servers) gets this process's
// part of it again when it is made anew. The store keeps an impression's event of one type once, so a
// copy that had been stored after all counts nothing twice.
import type { BusLog } from './connection';

/** The copies of published messages kept until the store has them, at most (bytes). */
const RETAINED_BYTES = 64 * 1024 * 1024;

export class RetainedCopies {
  private readonly copies = new Map<number, string>();
  private bytes = 0;
  private capSaid = false;

  constructor(private readonly log: BusLog) {}

  /** Keeps the message of stream sequence `seq`; past the cap, the oldest copies go (the log has them). */
  retain(seq: number, body: string): void {
    this.copies.set(seq, body);
    this.bytes += body.length;
    if (this.bytes <= RETAINED_BYTES) return;
    if (!this.capSaid) {
      this.capSaid = true;
      this.log.warn(
        `events bus: the store is more than ${RETAINED_BYTES >> 20} MB of this process's events behind the log; older copies are no longer kept here (the log still has them)`,
      );
    }
    for (const [oldest, copy] of this.copies) {
      if (this.bytes <= RETAINED_BYTES) break;
      this.copies.delete(oldest);
      this.bytes -= copy.length;
    }
  }

  /** Drops the copies the store has acknowledged (at or below the consumer's floor). */
  forget(floor: number): void {
    for (const [seq, body] of this.copies) {
      if (seq > floor) continue;
      this.copies.delete(seq);
      this.bytes -= body.length;
    }
    if (this.bytes < RETAINED_BYTES / 2) this.capSaid = false;
  }

  /** Every copy, oldest first, for a stream made anew; none kept. */
  takeAll(): string[] {
    const all = [...this.copies.entries()].sort(([a], [b]) => a - b).map(([, body]) => body);
    this.copies.clear();
    this.bytes = 0;
    return all;
  }
}
