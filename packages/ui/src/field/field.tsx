import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import * as React from 'react';
import { Label } from '../label';
import { cn } from '../lib/cn';

export const fieldVariants = cva('group/field flex gap-2', {
  variants: {
    orientation: {
      vertical: 'flex-col',
      // Checkboxes and switches sit before their label.
      horizontal: 'flex-row flex-wrap items-center [&>[data-slot=field-text]]:basis-full',
    },
  },
  defaultVariants: { orientation: 'vertical' },
});

export type FieldProps = Omit<React.ComponentProps<'div'>, 'children'> &
  VariantProps<typeof fieldVariants> & {
    label: React.ReactNode;
    /** Help text under the control, linked with aria-describedby. */
    description?: React.ReactNode;
    /** Error message; when set the control gets aria-invalid and the message is announced. */
    error?: React.ReactNode;
    required?: boolean;
    disabled?: boolean;
    /** Id for the control; generated when omitted. */
    id?: string;
    /** One control element (Input, Checkbox...) that receives the id and aria props, or a function
        that spreads them where they belong (a Select's trigger, say). */
    children: React.ReactElement | ((control: FieldControlProps) => React.ReactNode);
  };

/** What Field gives its control: spread onto the focusable element. */
export type FieldControlProps = {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
};

/** Wires a label, a control, its description and its error together for assistive technology. */
export function Field({
  label,
  description,
  error,
  required,
  disabled,
  id,
  orientation,
  className,
  children,
  ...props
}: FieldProps) {
  const generated = React.useId();
  const controlId = id ?? `field-${generated}`;
  const descriptionId = description ? `${controlId}-description` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  const horizontal = orientation === 'horizontal';
  const controlProps: FieldControlProps = {
    id: controlId,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
  };
  const control =
    typeof children === 'function' ? (
      children(controlProps)
    ) : (
      <Slot.Root {...controlProps}>{children}</Slot.Root>
    );
  const labelNode = (
    <Label htmlFor={controlId}>
      {label}
      {required ? (
        <span aria-hidden="true" className="text-destructive">
          *
        </span>
      ) : null}
    </Label>
  );
  return (
    <div
      data-slot="field"
      data-invalid={error ? true : undefined}
      data-disabled={disabled || undefined}
      className={cn(fieldVariants({ orientation }), className)}
      {...props}
    >
      {horizontal ? control : labelNode}
      {horizontal ? labelNode : control}
      {description || error ? (
        <div data-slot="field-text" className="flex flex-col gap-1">
          {description ? (
            <p id={descriptionId} data-slot="field-description" className="text-muted-foreground text-xs">
              {description}
            </p>
          ) : null}
          {error ? <FieldError id={errorId}>{error}</FieldError> : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * An error message, announced when it appears. Field renders it for its control; use it alone for an
 * error that belongs to a group of controls (a list of rows), pointing the group's aria-describedby at `id`.
 */
export function FieldError({ className, ...props }: React.ComponentProps<'p'>) {
  return (
    <p
      data-slot="field-error"
      role="alert"
      className={cn('font-medium text-destructive text-xs', className)}
      {...props}
    />
  );
}
