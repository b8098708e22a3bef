// A value a module keeps (the frame on screen, the report's code that has arrived), read by React with
// every change drawn in a transition, which React renders in slices of a few milliseconds. An external
// store's update (`useSyncExternalStore`) is always drawn in one task: on a phone the console's first
// page (a whole report on a share page) is hundreds of milliseconds of rendering, all of it blocking
// (docs/console.md, "The console's takeover in slices").
import * as React from 'react';

export interface TransitionValue<T> {
  get(): T;
  /** Sets the value; every component reading it draws it again, in a transition. */
  set(next: T): void;
  subscribe(listener: () => void): () => void;
}

export function transitionValue<T>(initial: T): TransitionValue<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** The value now, and again (in a transition) each time it is set. */
export function useTransitionValue<T>(store: TransitionValue<T>): T {
  const [value, setValue] = React.useState(() => store.get());
  React.useEffect(() => {
    const update = () => React.startTransition(() => setValue(() => store.get()));
    const unsubscribe = store.subscribe(update);
    // A value set between this component's render and its effect.
    update();
    return unsubscribe;
  }, [store]);
  return value;
}
