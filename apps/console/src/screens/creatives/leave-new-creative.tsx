// The New creative screen's question when a user who typed leaves it (lib/leave-guard.ts): a new creative
// lives in the page until its first save, so leaving drops what was typed.
import { ConfirmDialog } from '@adconsole/ui';
import { useRef } from 'react';
import type { LeaveQuestion } from '../../lib/leave-guard';

export function LeaveNewCreativeDialog({ question }: { question: LeaveQuestion | undefined }) {
  // Leaving closes the dialog too: that close is no "stay".
  const left = useRef(false);
  return (
    <ConfirmDialog
      open={question !== undefined}
      onOpenChange={(open) => {
        if (!open && !left.current) question?.onStay();
        left.current = false;
      }}
      title="Leave the new creative?"
      description="What you typed is not saved: a new creative is stored by its first save (Save creative). Leaving drops it."
      confirmLabel="Leave without saving"
      cancelLabel="Keep editing"
      tone="danger"
      onConfirm={() => {
        left.current = true;
        question?.onLeave();
      }}
    />
  );
}
