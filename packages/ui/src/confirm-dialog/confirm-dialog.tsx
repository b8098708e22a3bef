import type * as React from 'react';
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
} from '../alert-dialog';

export interface ConfirmDialogProps {
  /**
   * The button that opens the question. Without one, `open` and `onOpenChange` say when it shows (a
   * question the page asks by itself: before a save that would stop something).
   */
  trigger?: React.ReactElement;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The question: 'Delete “Spring sale”?'. */
  title: React.ReactNode;
  /** What happens once confirmed: what stops working, what stays. */
  description: React.ReactNode;
  /** The confirming button, naming the action: 'Delete campaign', 'Revoke link'. */
  confirmLabel: React.ReactNode;
  /** The way out, naming what stays as it is: 'Keep it', 'Keep serving'. */
  cancelLabel?: React.ReactNode;
  /** `danger` for what takes something away for good (a delete, a revoke): the confirming button is red. */
  tone?: 'default' | 'danger';
  onConfirm: () => void;
  /**
   * Where focus goes once it closes (Radix's `onCloseAutoFocus`): by default back to the trigger; a
   * question without one can send it back where the reader was (prevent the event, then focus).
   */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * A question before an action a user might regret: what it does and a way out. Focus starts on the way
 * out, so Enter never confirms by accident; Escape answers it too; a click beside it does not.
 */
export function ConfirmDialog({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'default',
  onConfirm,
  onCloseAutoFocus,
}: ConfirmDialogProps) {
  return (
    <AlertDialog {...(open === undefined ? {} : { open })} {...(onOpenChange ? { onOpenChange } : {})}>
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent {...(onCloseAutoFocus ? { onCloseAutoFocus } : {})}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction variant={tone === 'danger' ? 'danger' : 'primary'} onClick={onConfirm}>
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
