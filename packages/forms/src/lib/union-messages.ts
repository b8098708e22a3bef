// @hookform/resolvers reports a failed zod union with the message of its closest member ('Invalid input:
// expected number, received NaN'), hiding the message the domain put on the union itself ('width must be a
// number'). This puts the domain's message back, so forms show the domain's text and nothing else.
import { zodEnglishMessages } from '@adconsole/domain';
import { type FieldValues, type Resolver, set } from 'react-hook-form';
import { z } from 'zod/mini';

export function withUnionMessages<TInput extends FieldValues, TOutput>(
  schema: z.core.$ZodType<TOutput, TInput>,
  resolver: Resolver<TInput, unknown, TOutput>,
): Resolver<TInput, unknown, TOutput> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    if (Object.keys(result.errors).length === 0) return result;
    const parsed = await z.safeParseAsync(schema, values, zodEnglishMessages);
    if (parsed.success) return result;
    for (const issue of parsed.error.issues) {
      if (issue.code === 'invalid_union' && issue.path.length > 0) {
        set(result.errors, issue.path.join('.'), { type: issue.code, message: issue.message });
      }
    }
    return result;
  };
}
