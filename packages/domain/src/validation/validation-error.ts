// The 400-like error of docs/product.md §5: a list of messages plus the data that failed.
import { z } from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { API_ERROR_CODES, ApiError } from '../api/errors';
import type { MESSAGES } from './messages';
import { productTextKeys } from './product-texts';

export class ValidationError extends ApiError {
  override readonly name: string = 'ValidationError';
  readonly messages: string[];
  readonly data: unknown;

  constructor(messages: string[], data: unknown) {
    super({ status: 400, code: API_ERROR_CODES.validation, message: messages.join('\n'), errors: messages });
    this.messages = messages;
    this.data = data;
  }
}

/**
 * The catalogue's entries that do not name their field ('Unknown country: use ISO 3166-1 ...'): a 400
 * puts the field's path before them ('rules.countries.values.1: Unknown country: ...'). Every other
 * entry names what is wrong itself, as the texts of docs/product.md §5 do, and stands alone.
 */
const NEED_THEIR_FIELD: ReadonlySet<keyof typeof MESSAGES> = new Set([
  'goalMetric',
  'goalAmount',
  'rateModel',
  'rateAmount',
  'rateCurrency',
  'apiTokenName',
  'apiTokenScopes',
  'apiTokenUnknownScope',
  'abTestVariants',
  'abTestCreativeId',
  'abTestDuplicate',
  'abTestControl',
  'abTestGoal',
  'abTestMinimumDetectableEffect',
  'abTestSignificance',
  'abTestPower',
  'abTestBaselineRate',
  'rotationMode',
  'rotationItems',
  'rotationCreativeId',
  'rotationWeight',
  'rotationPaused',
  'rotationDuplicate',
  'rotationAllPaused',
  'deliveryRuleMode',
  'deliveryRuleValues',
  'deliveryRuleCountry',
  'deliveryRuleDevice',
  'deliveryRuleLanguage',
  'deliveryRuleFamily',
  'deliveryRuleSite',
  'deliveryRuleSites',
  'deliveryRuleUnknownSite',
  'deliveryRuleDaypart',
  'deliveryRuleCaps',
  'deliveryRuleCapCount',
  'deliveryRuleCapPeriod',
  'deliveryRuleUncappable',
  'deliveryTestAddress',
  'deliveryTestUserAgent',
  'deliveryTestSite',
  'deliveryTestAt',
  'tagDealIdMissing',
  'tagFallbackIdMissing',
  'reportRangeTooLong',
  'reportYearOutOfRange',
  'hourlyReportTooLong',
]);

/** Registering the catalogue's texts is product-texts.ts's (it imports nothing), handed on from here. */
export { registerProductTexts } from './product-texts';

/** A text of the catalogue that stands alone: one registered under a key that is not in the list above. */
const isProductText = (message: string): boolean =>
  [...productTextKeys(message)].some((key) => !NEED_THEIR_FIELD.has(key as keyof typeof MESSAGES));

const onlyHostPattern = /^Only .+ emails allowed!$/;
const tooLargePattern = /^.+ is too large: files can be at most \d+ MB\.$/;
const isSpecMessage = (message: string): boolean =>
  isProductText(message) || onlyHostPattern.test(message) || tooLargePattern.test(message);

/**
 * One readable line per issue, each once. The product's own texts (docs/product.md §5, §8) stand alone; texts that do not name
 * their field get the field name in front so a user (or a fuzzer's log) knows which field is wrong.
 */
export function issueMessages(error: z.core.$ZodError): string[] {
  const lines = error.issues.map((issue) => {
    const field = issue.path.map(String).join('.');
    const named = issue.path.some((key) => typeof key === 'string' && issue.message.startsWith(`${key} `));
    if (field === '' || named || isSpecMessage(issue.message)) {
      return issue.message;
    }
    return `${field}: ${issue.message}`;
  });
  return [...new Set(lines)];
}

// Zod's English messages for the issues a schema does not word itself ('Unrecognized key: "x"'). Classic
// zod installs them globally when it loads; `zod/mini`, which the schemas of a page's first load use,
// does not, so the domain passes them on every parse it makes: its messages never depend on whether
// classic zod happens to be loaded.
/** The parse options that give Zod's English messages: for a resolver or a parse of one's own. */
export const zodEnglishMessages = { error: en().localeError };

/** `z.safeParse` with Zod's English messages for the issues the schema does not word itself. */
export const safeParseWithMessages = <S extends z.core.$ZodType>(schema: S, input: unknown) =>
  z.safeParse(schema, input, zodEnglishMessages);

/** Parses `input` with `schema`, or throws a `ValidationError` carrying every message and the input. */
export function validate<S extends z.core.$ZodType>(schema: S, input: unknown): z.output<S> {
  const result = safeParseWithMessages(schema, input);
  if (!result.success) throw new ValidationError(issueMessages(result.error), input);
  return result.data;
}
