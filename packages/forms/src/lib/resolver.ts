// The forms' react-hook-form resolver: `zodResolver` parsing the domain's schemas (built with
// `zod/mini`) with Zod's English messages (english-messages.ts).
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod/mini';
import { englishMessages } from './english-messages';

/** `zodResolver` with Zod's English messages. */
export function schemaResolver<T extends z.core.$ZodType<FieldValues, FieldValues>>(
  schema: T,
): Resolver<z.input<T>, unknown, z.output<T>> {
  return zodResolver(schema, englishMessages);
}
