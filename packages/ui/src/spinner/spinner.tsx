import type * as React from 'react';
import { cn } from '../lib/cn';

export type SpinnerProps = React.ComponentProps<'svg'> & {
  /** Announced to screen readers; omit when a surrounding control already says it is busy. */
  label?: string;
};

/** An indeterminate busy indicator that inherits the text colour. */
export function Spinner({ className, label, ...props }: SpinnerProps) {
  return (
    <svg
      data-slot="spinner"
      viewBox="0 0 24 24"
      fill="none"
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={cn('size-4 animate-spin motion-reduce:animate-none', className)}
      {...props}
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
