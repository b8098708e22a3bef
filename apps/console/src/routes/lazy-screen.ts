// Screens load on demand; a chunk that has not arrived after 120 s fails with 'Loading chunk failed'.
import { LAZY_CHUNK_FAILED_MESSAGE, LAZY_CHUNK_TIMEOUT_MS } from '@adconsole/domain';
import { type ComponentType, lazy } from 'react';
import { nextTask } from '../lib/after-paint';

export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super(LAZY_CHUNK_FAILED_MESSAGE, { cause });
    this.name = 'ChunkLoadError';
  }
}

/**
 * Races a dynamic import against the chunk time-out; any failure reads 'Loading chunk failed'. What
 * awaits it runs in a task after the one that ran the chunk's modules (`nextTask`).
 */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = LAZY_CHUNK_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ChunkLoadError(new Error(`No chunk after ${timeoutMs} ms`))),
      timeoutMs,
    );
  });
  return Promise.race([load(), timeout])
    .catch((error: unknown) => {
      throw error instanceof ChunkLoadError ? error : new ChunkLoadError(error);
    })
    .finally(() => clearTimeout(timer))
    .then(async (module) => {
      await nextTask();
      return module;
    });
}

/** A React Router `lazy` for a module exporting the screen component under `name`. */
export function lazyScreen<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
) {
  return async () => {
    const module = await loadChunk(load);
    return { Component: module[name] as ComponentType };
  };
}

/** The same screen as a `React.lazy` component, for the account pages, which have no router. */
export function lazyComponent<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
) {
  return lazy(async () => ({ default: (await loadChunk(load))[name] as ComponentType }));
}
