import type * as React from 'react';
import { cn } from '../lib/cn';

export type ShareLayoutProps = React.ComponentProps<'div'> & {
  /** Optional brand line above the content (no navigation, no user, no footer on share pages). */
  brand?: React.ReactNode;
};

/** The chrome-less page for shared reports: no sidebar, top bar or footer, just the content. */
export function ShareLayout({ brand, className, children, ...props }: ShareLayoutProps) {
  return (
    <div
      data-slot="share-layout"
      className={cn('min-h-full bg-background text-foreground', className)}
      {...props}
    >
      {brand ? (
        <div className="mx-auto w-full max-w-6xl px-4 pt-4 text-muted-foreground text-sm">{brand}</div>
      ) : null}
      <main className="mx-auto w-full max-w-6xl px-4 py-6">{children}</main>
    </div>
  );
}
