// A dialog's save: it closes on success and keeps the server's message in the form otherwise (the
// placement and advertiser dialogs).
import { errorMessage } from '@adconsole/domain';
import { useState } from 'react';

/** Runs a dialog's action: closes on success, keeps the server's message in the form otherwise. */
export function useDialogAction(onOpenChange: (open: boolean) => void, fallback: string) {
  const [serverError, setServerError] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>) => {
    setServerError(null);
    try {
      await action();
      onOpenChange(false);
    } catch (error) {
      setServerError(errorMessage(error, fallback));
    }
  };
  return { serverError, run };
}
