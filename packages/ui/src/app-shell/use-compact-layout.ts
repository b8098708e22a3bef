import * as React from 'react';

/** The console's compact-layout threshold: at this window width and below the sidebar becomes a sheet. */
export const COMPACT_LAYOUT_MAX_WIDTH = 991;

/** True while the window is at most `maxWidth` px wide; follows resizes. False during SSR. */
export function useCompactLayout(maxWidth: number = COMPACT_LAYOUT_MAX_WIDTH): boolean {
  const query = `(max-width: ${maxWidth}px)`;
  const subscribe = React.useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return React.useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
