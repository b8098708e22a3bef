// A value in local storage that React components subscribe to (useSyncExternalStore).
export interface LocalStore<T> {
  get(): T;
  set(value: T): void;
  subscribe(listener: () => void): () => void;
}

export function localStore<T>(
  key: string,
  read: (raw: string | null) => T,
  write: (value: T) => string | null,
): LocalStore<T> {
  const listeners = new Set<() => void>();
  let cached: { raw: string | null; value: T } | undefined;
  const get = () => {
    const raw = localStorage.getItem(key);
    if (!cached || cached.raw !== raw) cached = { raw, value: read(raw) };
    return cached.value;
  };
  const notify = () => {
    for (const listener of listeners) listener();
  };
  // Another tab changed the value.
  window.addEventListener('storage', (event) => event.key === key && notify());
  return {
    get,
    set(value) {
      const raw = write(value);
      if (raw === null) localStorage.removeItem(key);
      else localStorage.setItem(key, raw);
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
