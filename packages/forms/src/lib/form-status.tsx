// The outcome area every form shares: the server's error in a danger alert, a success message in a
// success alert. Kept in one place so every form announces its outcome the same way.
import { Alert, AlertDescription, AlertTitle } from '@adconsole/ui';
import type * as React from 'react';

export interface FormOutcomeProps {
  /** The server's error text (several messages may be joined by newlines); shown in a danger alert. */
  serverError?: string | null | undefined;
  /** A success message; shown in a success alert. */
  successMessage?: React.ReactNode;
}

export function FormStatus({ serverError, successMessage }: FormOutcomeProps) {
  return (
    <>
      {successMessage ? (
        <Alert variant="success">
          <AlertTitle>{successMessage}</AlertTitle>
        </Alert>
      ) : null}
      {serverError ? (
        <Alert variant="danger">
          <AlertDescription className="text-foreground">{serverError}</AlertDescription>
        </Alert>
      ) : null}
    </>
  );
}
