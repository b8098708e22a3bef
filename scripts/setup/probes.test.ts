// The set-up's probes on this machine (docs/testing.md, "What `npm test` sets up"): a port answers only
// when something listens on it, a command is found only when it is installed, and the whole probe of
// this machine finds what the suite needs (npm test has set it up before this file runs).
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { chromiumCandidates as testsLookIn } from '../chromium.ts';
import { chromiumCandidates, commandExists, portAnswers, probeMachine } from './probes.mjs';

describe('the set-up probes', () => {
  it('a port answers while a server listens on it, and no longer once it is closed', async () => {
    const server = createServer((socket) => socket.end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    expect(await portAnswers(address.port)).toBe(true);
    await new Promise((resolve) => server.close(resolve));
    expect(await portAnswers(address.port)).toBe(false);
  });

  it('finds an installed command and not an absent one, and refuses a name that is not a command', () => {
    expect(commandExists('sh')).toBe(true);
    expect(commandExists('adconsole-no-such-command')).toBe(false);
    expect(() => commandExists('sh; rm -rf /')).toThrow(/Not a command name/);
  });

  it('this machine answers every part npm test needs', async () => {
    const probes = await probeMachine();
    expect(probes).toMatchObject({
      postgres: true,
      nats: true,
      chromium: true,
      xmllint: true,
      pdftotext: true,
      pdfinfo: true,
    });
  });

  it('looks for Chromium where the tests launch it from', () => {
    expect(chromiumCandidates).toEqual(testsLookIn);
  });

  it('a CHROMIUM_PATH naming no file is not a Chromium', async () => {
    const probes = await probeMachine({ CHROMIUM_PATH: '/nonexistent/chromium' });
    expect(probes.chromiumPathEnv).toBe('/nonexistent/chromium');
    expect(probes.chromium).toBe(false);
  });
});
