// The forms' react-hook-form resolver: `zodResolver` parsing the domain's schemas (built with
// `zod/mini`) with Zod's English messages, which classic zod installs globally when it loads and
// `zod/mini` does not: a form's text never depends on which Zod an app loads.
import { zodEnglishMessages } from '@adconsole/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod/mini';

/** `zodResolver` with Zod's English messages. */
export function schemaResolver<T extends z.core.$ZodType<FieldValues, FieldValues>>(
  schema: T,
): Resolver<z.input<T>, unknown, z.output<T>> {
  return zodResolver(schema, zodEnglishMessages);
}
