import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
  Button,
  type ButtonProps,
} from '@adconsole/ui';

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
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant={variant} size={size} aria-label={ariaLabel ?? `Delete ${name}`} disabled={disabled}>
          {label}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete {name}?</AlertDialogTitle>
          <AlertDialogDescription>{consequence}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep it</AlertDialogCancel>
          <AlertDialogAction variant="danger" onClick={onConfirm}>
            Delete {what}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
