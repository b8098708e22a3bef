export { AppShell, type AppShellProps } from './app-shell';
export { AppShellContext, type AppShellContextValue, useAppShell } from './app-shell-context';
