// Data that loads, drawn the one way every screen draws it: why it could not be loaded (a danger alert
// in the user's words), else a placeholder of its size while it loads, else what the screen makes of it.
import { errorMessage } from '@adconsole/domain';
import { Alert, AlertDescription } from '@adconsole/ui';
import type { ReactNode } from 'react';

export interface LoadedProps<T> {
  /** The data; undefined while it loads. */
  data: T | undefined;
  /** Why it could not be loaded (a query's error): shown instead of the data, stale data too. */
  error?: unknown;
  /** The message when the error carries none a user can read, an entry of MESSAGES (usersNotLoaded). */
  errorText: string;
  /** What stands in while it loads: a skeleton of the data's size, named for screen readers. */
  loading: ReactNode;
  children: (data: T) => ReactNode;
}

export function Loaded<T>({ data, error, errorText, loading, children }: LoadedProps<T>) {
  if (error) {
    return (
      <Alert variant="danger">
        <AlertDescription>{errorMessage(error, errorText)}</AlertDescription>
      </Alert>
    );
  }
  return data === undefined ? loading : children(data);
}
