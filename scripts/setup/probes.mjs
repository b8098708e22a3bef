// What this machine answers, for the set-up's decisions (plan.mjs): ports that accept a connection,
// commands on the PATH (or in /usr/sbin, where Debian puts some), Chromium where scripts/chromium.ts
// looks for it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';

/** Where scripts/chromium.ts looks for Debian's Chromium when CHROMIUM_PATH is unset (probes.test.ts: the same list). */
export const chromiumCandidates = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];

/** Whether something accepts a TCP connection on host:port within the time. */
export function portAnswers(port, host = '127.0.0.1', timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (answers) => {
      socket.destroy();
      resolve(answers);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Whether a command is on the PATH or in /usr/sbin. */
export function commandExists(command) {
  if (!/^[\w.-]+$/.test(command)) throw new Error(`Not a command name: ${command}`);
  return spawnSync('sh', ['-c', `command -v ${command} || test -x /usr/sbin/${command}`]).status === 0;
}

/** @returns {Promise<import('./plan.mjs').Probes>} */
export async function probeMachine(env = process.env) {
  const chromiumPathEnv = env.CHROMIUM_PATH || undefined;
  const [postgres, nats] = await Promise.all([portAnswers(5432), portAnswers(4222)]);
  return {
    root: process.getuid?.() === 0,
    aptGet: commandExists('apt-get'),
    postgres,
    nats,
    natsInstalled: commandExists('nats-server'),
    chromiumPathEnv,
    chromium: chromiumPathEnv
      ? existsSync(chromiumPathEnv)
      : chromiumCandidates.some((file) => existsSync(file)),
    xmllint: commandExists('xmllint'),
    pdftotext: commandExists('pdftotext'),
    pdfinfo: commandExists('pdfinfo'),
  };
}
