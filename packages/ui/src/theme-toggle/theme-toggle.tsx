import { MoonIcon, SunIcon } from 'lucide-react';
import { IconButton } from '../icon-button';

export type Theme = 'light' | 'dark';

export type ThemeToggleProps = {
  /** Controlled: the app owns the theme and its persistence. */
  value: Theme;
  onChange: (theme: Theme) => void;
  className?: string;
};

/** Switches light and dark display modes; a toggle button pressed while dark mode is on. */
export function ThemeToggle({ value, onChange, className }: ThemeToggleProps) {
  const dark = value === 'dark';
  return (
    <IconButton
      data-slot="theme-toggle"
      data-theme={value}
      aria-label="Dark mode"
      aria-pressed={dark}
      className={className}
      onClick={() => onChange(dark ? 'light' : 'dark')}
    >
      {dark ? <MoonIcon aria-hidden="true" /> : <SunIcon aria-hidden="true" />}
    </IconButton>
  );
}
