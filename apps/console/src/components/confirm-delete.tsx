import { Button, type ButtonProps, ConfirmDialog } from '@adconsole/ui';

/** A delete button that asks first: what is deleted, what stops working, and a way to keep it. */
export function ConfirmDelete({
  name,
  what,
  consequence,
  onConfirm,
  variant = 'ghost',
  size = 'sm',
  label = 'Delete',
  ariaLabel,
  disabled,
}: {
  /** The name of what is deleted, as the user knows it. */
  name: string;
  /** 'campaign', 'creative'... */
  what: string;
  consequence: string;
  onConfirm: () => void;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  label?: string;
  /** The trigger's accessible name (default "Delete <name>"): it must contain the visible label. */
  ariaLabel?: string;
  disabled?: boolean;
}) {
  return (
    <ConfirmDialog
      trigger={
        <Button variant={variant} size={size} aria-label={ariaLabel ?? `Delete ${name}`} disabled={disabled}>
          {label}
        </Button>
      }
      title={`Delete ${name}?`}
      description={consequence}
      confirmLabel={`Delete ${what}`}
      cancelLabel="Keep it"
      tone="danger"
      onConfirm={onConfirm}
    />
  );
}
