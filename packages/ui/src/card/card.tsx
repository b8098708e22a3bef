import type * as React from 'react';
import { cn } from '../lib/cn';

/** A bordered surface that groups related content: a KPI, a form, a list. */
export function Card({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="card"
      className={cn(
        'flex flex-col gap-4 rounded-xl border bg-card py-5 text-card-foreground shadow-xs',
        className,
      )}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="card-header"
      className={cn('grid auto-rows-min grid-cols-[1fr_auto] items-start gap-1 px-5', className)}
      {...props}
    />
  );
}

export type CardTitleProps = React.ComponentProps<'h3'> & {
  /**
   * The heading level in the page's outline: 2 for a card right under the page's h1. The look stays
   * the same at every level. Defaults to 3.
   */
  level?: 2 | 3 | 4 | 5 | 6;
};

export function CardTitle({ className, level = 3, ...props }: CardTitleProps) {
  const Heading = `h${level}` as const;
  return (
    <Heading data-slot="card-title" className={cn('font-semibold leading-tight', className)} {...props} />
  );
}

export function CardDescription({ className, ...props }: React.ComponentProps<'p'>) {
  return (
    <p
      data-slot="card-description"
      className={cn('col-start-1 text-muted-foreground text-sm', className)}
      {...props}
    />
  );
}

/** Top-right slot of the header for a button or menu. */
export function CardAction({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="card-action"
      className={cn('col-start-2 row-span-2 row-start-1 self-start justify-self-end', className)}
      {...props}
    />
  );
}

export function CardContent({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="card-content" className={cn('px-5', className)} {...props} />;
}

export function CardFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="card-footer" className={cn('flex items-center gap-2 px-5', className)} {...props} />;
}
