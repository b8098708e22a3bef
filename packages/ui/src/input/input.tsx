import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '../lib/cn';

export const inputVariants = cva(
  [
    'flex w-full min-w-0 rounded-md border border-input bg-background px-3 text-foreground text-sm shadow-xs',
    'placeholder:text-muted-foreground outline-none transition-colors',
    'focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40',
    'disabled:cursor-not-allowed disabled:opacity-50 read-only:bg-muted',
    'aria-invalid:border-destructive aria-invalid:ring-destructive/30',
    'file:border-0 file:bg-transparent file:font-medium file:text-sm',
  ],
  {
    variants: { size: { sm: 'h-8 text-xs', md: 'h-9', lg: 'h-11 text-base' } },
    defaultVariants: { size: 'md' },
  },
);

export type InputProps = Omit<React.ComponentProps<'input'>, 'size'> & VariantProps<typeof inputVariants>;

/** A single-line text field. Mark it invalid with `aria-invalid` (Field does that for you). */
export function Input({ className, size, type = 'text', ...props }: InputProps) {
  const invalid = props['aria-invalid'] === true || props['aria-invalid'] === 'true';
  return (
    <input
      data-slot="input"
      data-invalid={invalid || undefined}
      data-disabled={props.disabled || undefined}
      type={type}
      className={cn(inputVariants({ size }), className)}
      {...props}
    />
  );
}
