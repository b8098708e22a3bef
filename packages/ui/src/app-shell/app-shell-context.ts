import * as React from 'react';

export type AppShellContextValue = {
  /** The app sets it below its breakpoint (991 px in the console): the sidebar moves into a sheet. */
  compact: boolean;
  navOpen: boolean;
  setNavOpen: (open: boolean) => void;
};

export const AppShellContext = React.createContext<AppShellContextValue>({
  compact: false,
  navOpen: false,
  setNavOpen: () => undefined,
});

export function useAppShell() {
  return React.useContext(AppShellContext);
}
