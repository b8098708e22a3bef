import type * as React from 'react';
import { cn } from '../lib/cn';

/** A placeholder block shown while content loads; size it with className. Hidden from screen readers. */
export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-muted motion-reduce:animate-none', className)}
      {...props}
    />
  );
}
