import { cva, type VariantProps } from 'class-variance-authority';
import { CircleAlertIcon, CircleCheckIcon, InfoIcon, TriangleAlertIcon } from 'lucide-react';
import type * as React from 'react';
import { cn } from '../lib/cn';

export const alertVariants = cva(
  'relative grid w-full grid-cols-[auto_1fr] items-start gap-x-3 gap-y-1 rounded-lg border bg-card px-4 py-3 text-card-foreground text-sm [&>svg]:mt-0.5 [&>svg]:size-4',
  {
    variants: {
      variant: {
        info: 'border-info/50 [&>svg]:text-info',
        success: 'border-success/50 [&>svg]:text-success',
        warning: 'border-warning/70 [&>svg]:text-warning-foreground dark:[&>svg]:text-warning',
        danger: 'border-destructive/50 [&>svg]:text-destructive',
      },
    },
    defaultVariants: { variant: 'info' },
  },
);

const icons = {
  info: InfoIcon,
  success: CircleCheckIcon,
  warning: TriangleAlertIcon,
  danger: CircleAlertIcon,
};

export type AlertProps = React.ComponentProps<'div'> & VariantProps<typeof alertVariants>;

/** A message in the page flow. Danger and warning alerts are announced (role="alert"); others are status. */
export function Alert({ className, variant, children, role, ...props }: AlertProps) {
  const tone = variant ?? 'info';
  const Icon = icons[tone];
  return (
    <div
      data-slot="alert"
      data-variant={tone}
      role={role ?? (tone === 'danger' || tone === 'warning' ? 'alert' : 'status')}
      className={cn(alertVariants({ variant }), className)}
      {...props}
    >
      <Icon aria-hidden="true" />
      <div className="col-start-2 grid gap-1">{children}</div>
    </div>
  );
}

export function AlertTitle({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="alert-title" className={cn('font-medium leading-tight', className)} {...props} />;
}

export function AlertDescription({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="alert-description"
      className={cn('whitespace-pre-line text-muted-foreground', className)}
      {...props}
    />
  );
}
