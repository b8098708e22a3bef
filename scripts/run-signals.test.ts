// `npm start` runs the server as a child of scripts/start.mjs (lib.mjs `run`). Stopping the start script
// by its pid must stop the server too: before, the child stayed on its port after its parent was gone.
// (package.json's `start` is `exec node scripts/start.mjs`, so the signal npm passes on reaches the start
// script itself rather than the shell npm runs it in.)
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { root } from './lib.mjs';

/** Whether a process of this pid still runs. */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('lib.mjs run: a signal to the parent reaches the command it runs', () => {
  it('SIGTERM to a script running a long-lived command ends the command, and the script by SIGTERM', async () => {
    // The command prints its pid and waits, as the server does.
    const child = `console.log(process.pid); setInterval(() => {}, 1000);`;
    const script = `import { run } from './scripts/lib.mjs'; await run(process.execPath, ['-e', ${JSON.stringify(child)}], { stdio: ['ignore', 'inherit', 'inherit'] });`;
    const parent = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const grandchild = await new Promise<number>((resolve) =>
      parent.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
    );
    expect(alive(grandchild)).toBe(true);
    const ended = new Promise<NodeJS.Signals | null>((resolve) =>
      parent.on('exit', (_code, signal) => resolve(signal)),
    );
    parent.kill('SIGTERM');
    expect(await ended).toBe('SIGTERM');
    for (let tries = 0; tries < 50 && alive(grandchild); tries += 1) await sleep(100);
    const left = alive(grandchild);
    if (left) process.kill(grandchild, 'SIGKILL'); // no stray process when the test fails
    expect(left).toBe(false);
  });
});
