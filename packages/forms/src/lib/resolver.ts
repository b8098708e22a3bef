// The forms' react-hook-form resolver: the domain's schemas (built with `zod/mini`), parsed with Zod's
// English messages for the issues a schema does not word itself. Classic zod installs those messages
// globally when it loads; `zod/mini` does not, so a form's text never depends on which Zod an app loads.
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

/** The parse options every form passes: Zod's English messages. */
export const englishMessages = { error: en().localeError };

/** `zodResolver` with Zod's English messages. */
export function schemaResolver<T extends z.core.$ZodType<FieldValues, FieldValues>>(
  schema: T,
): Resolver<z.input<T>, unknown, z.output<T>> {
  return zodResolver(schema, englishMessages);
}
