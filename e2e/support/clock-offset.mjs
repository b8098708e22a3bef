// The journeys' product clock (loaded with --import into each e2e product, never in the product itself):
// a journey that needs the server to live later (a click id past its lookback window) writes an offset in
// milliseconds to E2E_CLOCK_OFFSET_FILE, and Date.now() and new Date() move by it, read again every 50 ms.
// A stand-in for waiting 31 days, which a test cannot do; everything else about the server is real.
import { readFileSync, watchFile } from 'node:fs';

const file = process.env.E2E_CLOCK_OFFSET_FILE;
if (file) {
  let offset = 0;
  const read = () => {
    try {
      offset = Number(readFileSync(file, 'utf8')) || 0;
    } catch {
      offset = 0;
    }
  };
  read();
  watchFile(file, { interval: 50 }, read).unref();
  const RealDate = Date;
  const realNow = RealDate.now;
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(realNow() + offset);
      else super(...args);
    }
    static now() {
      return realNow() + offset;
    }
  }
  globalThis.Date = ShiftedDate;
}
