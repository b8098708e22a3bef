export { AppShell, type AppShellProps } from './app-shell';
export { AppShellContext, type AppShellContextValue, useAppShell } from './app-shell-context';
export { COMPACT_LAYOUT_MAX_WIDTH, useCompactLayout } from './use-compact-layout';
