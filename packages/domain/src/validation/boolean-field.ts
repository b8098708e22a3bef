// A boolean request field. Query strings and multipart fields arrive as text, so `true`/`false` are
// accepted both as values and as their text ('true', 'false', '1', '0'). Built with `zod/mini`: the
// sign-in page's logout request uses it on the first load (docs/console.md).
import { z } from 'zod/mini';

export const booleanField = (label: string) =>
  z.pipe(
    z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: `${label} must be true or false` }),
    z.transform(
      (value: boolean | 'true' | 'false' | '1' | '0') => value === true || value === 'true' || value === '1',
    ),
  );
