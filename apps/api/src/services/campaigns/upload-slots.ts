// How many asset uploads run at once in this process: a slot each, a bounded queue waiting for one, and
// a 503 beyond it (the upload's own bytes stream to storage while it holds its slot).
import { ApiError, MESSAGES } from '@adconsole/domain';
import type { UploadSlots } from '../../context';

/** At most `limit` uploads at once per process; `queue` more wait for a slot, beyond that 503. */
export class BoundedUploadSlots implements UploadSlots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly limit: number,
    readonly queue: number,
  ) {}

  async take(): Promise<() => void> {
    if (this.active >= this.limit) {
      if (this.waiting.length >= this.queue) {
        throw ApiError.of(503, MESSAGES.uploadsBusy);
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active += 1;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    };
  }
}
