// Starting the built product as a process, for the journeys: a port the operating system says is free
// (never a guessed one: another worktree's server may hold it, and would then answer our readiness
// check), and a wait for it to answer that fails at once, with its output, when the process exits.
import type { ChildProcess } from 'node:child_process';
import { freePort } from '../../scripts/free-port';

export { freePort };

/**
 * Polls `url` until it answers 2xx, for up to 150 s (a first start seeds the demo: ~25 s on an idle
 * 2-core machine, well over a minute beside a browser suite); fails as soon as `child` exits.
 */
export async function waitUntilServing(
  url: string,
  child: ChildProcess,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`The server exited with ${child.exitCode ?? child.signalCode}:\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer ${url} within 150 s:\n${output()}`);
}
