import { Label as LabelPrimitive } from 'radix-ui';
import type * as React from 'react';
import { cn } from '../lib/cn';

export type LabelProps = React.ComponentProps<typeof LabelPrimitive.Root>;

/** A form label. Clicking it focuses its control; it dims when a sibling control is disabled. */
export function Label({ className, ...props }: LabelProps) {
  return (
    <LabelPrimitive.Root
      data-slot="label"
      className={cn(
        'flex select-none items-center gap-2 font-medium text-foreground text-sm leading-none',
        'peer-disabled:cursor-not-allowed peer-disabled:opacity-50 group-data-[disabled]:opacity-50',
        className,
      )}
      {...props}
    />
  );
}
