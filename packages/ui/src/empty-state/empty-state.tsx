import { InboxIcon } from 'lucide-react';
import type * as React from 'react';
import { cn } from '../lib/cn';

export type EmptyStateProps = Omit<React.ComponentProps<'div'>, 'title'> & {
  title: React.ReactNode;
  description?: React.ReactNode;
  /** An icon element; defaults to an inbox. */
  icon?: React.ReactNode;
  /** Usually a Button that creates the first item. */
  action?: React.ReactNode;
};

/** What a list or report shows when there is nothing in it yet, and what to do about it. */
export function EmptyState({ title, description, icon, action, className, ...props }: EmptyStateProps) {
  return (
    <div
      data-slot="empty-state"
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-lg border border-dashed px-6 py-10 text-center',
        className,
      )}
      {...props}
    >
      <div className="flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground [&_svg]:size-5">
        {icon ?? <InboxIcon aria-hidden="true" />}
      </div>
      <div className="grid max-w-sm gap-1">
        <p className="font-medium">{title}</p>
        {description ? <p className="text-muted-foreground text-sm">{description}</p> : null}
      </div>
      {action}
    </div>
  );
}
