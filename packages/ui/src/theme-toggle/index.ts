export { type Theme, ThemeToggle, type ThemeToggleProps } from './theme-toggle';
