import { errorMessage, MESSAGES } from '@adconsole/domain';
import { notify } from '@adconsole/ui';

/** An error notification for a refused action, with the server's message when it gave one. */
export const showError = (title: string) => (error: unknown) =>
  notify({ type: 'danger', title, text: errorMessage(error, MESSAGES.serverRefused) });
