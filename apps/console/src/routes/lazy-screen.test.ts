import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, lazyScreen, loadChunk } from './lazy-screen';

const Screen = () => null;

describe('lazily loaded screens (docs/product.md §8)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("fails with 'Loading chunk failed' when a chunk has not arrived after 120 s", async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise<never>(() => undefined));
    let settled = false;
    pending
      .catch(() => undefined)
      .finally(() => {
        settled = true;
      });
    const outcome = expect(pending).rejects.toThrow(new ChunkLoadError());
    await vi.advanceTimersByTimeAsync(119_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    await outcome;
    await expect(pending).rejects.toHaveProperty('message', 'Loading chunk failed');
  });

  it("reads any failed import as 'Loading chunk failed', keeping the cause", async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const failed = loadChunk(() => Promise.reject(cause));
    await expect(failed).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(failed).rejects.toHaveProperty('cause', cause);
  });

  it("hands the chunk's module on in a later task, not in the task that ran the chunk", async () => {
    let settled = false;
    void loadChunk(async () => ({ Screen })).then(() => {
      settled = true;
    });
    // Every microtask of this task: what awaits the import would run among them without the yield.
    for (let turn = 0; turn < 50; turn += 1) await Promise.resolve();
    expect(settled).toBe(false);
    await vi.waitFor(() => expect(settled).toBe(true));
  });

  it('gives the route the screen component the module exports', async () => {
    await expect(lazyScreen(async () => ({ Screen }), 'Screen')()).resolves.toEqual({ Component: Screen });
  });
});
