import type * as React from 'react';
import { cn } from '../lib/cn';

export type TextareaProps = React.ComponentProps<'textarea'>;

/** Multi-line text. Grows with content where the browser supports `field-sizing`. */
export function Textarea({ className, ...props }: TextareaProps) {
  const invalid = props['aria-invalid'] === true || props['aria-invalid'] === 'true';
  return (
    <textarea
      data-slot="textarea"
      data-invalid={invalid || undefined}
      data-disabled={props.disabled || undefined}
      className={cn(
        'field-sizing-content flex min-h-16 w-full rounded-md border border-input bg-background px-3 py-2 text-foreground text-sm shadow-xs',
        'placeholder:text-muted-foreground outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40',
        'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/30',
        className,
      )}
      {...props}
    />
  );
}
