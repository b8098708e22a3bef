// Where the browser is and how to start it on these machines (Debian's Chromium; never a download).
// CHROMIUM_PATH points elsewhere on a developer's own machine.
import { existsSync } from 'node:fs';

/** Where Debian's Chromium is looked for (scripts/setup/probes.mjs looks in the same places). */
export const chromiumCandidates = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];

export function chromiumPath(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return fromEnv;
  const found = chromiumCandidates.find((candidate) => existsSync(candidate));
  if (!found) {
    throw new Error('No Chromium found: install it (apt-get install -y chromium) or set CHROMIUM_PATH.');
  }
  return found;
}

export const chromiumLaunchArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
  '--font-render-hinting=none',
];
