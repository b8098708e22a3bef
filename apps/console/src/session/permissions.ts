// Whether the signed-in user changes anything (docs/security.md, "Client access"): the one place the
// console decides it. A client's pages are read-only: no edit, publish, pause, duplicate, archive, tags,
// uploads or delivery rules; reports, previews and the approval decision stay. The server refuses a
// client's other calls anyway (403); this keeps the console from offering them.
import { roleMayChange } from '@adconsole/domain';
import { useSession } from './session';

/** True unless the signed-in user is a client (and with nobody signed in: the page decides nothing). */
export function useReadOnly(): boolean {
  const session = useSession();
  return session !== null && !roleMayChange(session.user.role);
}
