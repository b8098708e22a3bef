import type * as React from 'react';
import { cn } from '../lib/cn';

export type FooterProps = React.ComponentProps<'footer'> & {
  companyName: string;
  /** The app's clock; the year comes from it so the footer is deterministic in tests. */
  now: Date;
};

/** The page footer: the company name and the current year. */
export function Footer({ companyName, now, className, children, ...props }: FooterProps) {
  return (
    <footer
      data-slot="footer"
      className={cn(
        'flex flex-wrap items-center justify-between gap-2 border-t px-4 py-3 text-muted-foreground text-xs',
        className,
      )}
      {...props}
    >
      <span>
        © {now.getFullYear()} {companyName}
      </span>
      {children}
    </footer>
  );
}
