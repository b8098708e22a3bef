// What the product prints as it starts, read as a newcomer reads `npm start`'s terminal (docs/api.md,
// "What a start prints"): the steps and the banner are plain text, and the mails the demo sends at once (its own
// alert notices, to the outbox) are plain lines too, never a JSON log record among the friendly text.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_EMAIL } from './support/constants';
import { PRODUCT_OUTPUT_FILE, product } from './support/product';

const printed = () => {
  const file = path.join(product().dataDir, PRODUCT_OUTPUT_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
};

/** Waits up to 60 s for the output to match (the demo's alert mails go out once the jobs run). */
async function waitForPrinted(pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const text = printed();
    if (pattern.test(text)) return text;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The product never printed ${pattern}:\n${printed()}`);
}

const demoAlertMail = new RegExp(
  `^Mail to ${DEMO_EMAIL.replace(/[.]/g, '\\.')} \\("Alert: [^\\n]+"\\) written to \\S+\\.eml$`,
  'm',
);

describe('what the start prints', () => {
  it("the banner is plain text, and the demo's alert mails beside it are plain lines, not JSON log records", async () => {
    const text = await waitForPrinted(demoAlertMail);
    const lines = text.split('\n');
    const bannerEnd = lines.findIndex((line) => line.includes('Demo publisher page with the demo ads live'));
    expect(bannerEnd).toBeGreaterThan(0);
    // Everything up to the banner's last line: the steps, their times, the banner.
    expect(lines.slice(0, bannerEnd + 1).filter((line) => line.trimStart().startsWith('{'))).toEqual([]);
    expect(lines.slice(0, bannerEnd + 1).join('\n')).toMatch(/^Adconsole is running at http:\/\/\S+$/m);
    // The outbox's lines, wherever they fall, are never a log record.
    expect(lines.filter((line) => line.startsWith('{') && line.includes('written to'))).toEqual([]);
  });
});
