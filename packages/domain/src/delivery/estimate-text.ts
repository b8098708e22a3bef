// The estimate before saving in words (docs/serving.md, "The estimate before saving"), the same wherever it
// is shown: its share ("38 %"), which rules it read and which it could not, and that it never reads
// frequency caps (they limit each browser, not which requests match: a cap added changes no figure). Also
// what the estimate and the inventory forecast say instead of a figure while a rule being edited is
// invalid: no figure of an older rule set is shown as if it were the one on screen.
import { DELIVERY_RULE, type DeliveryRuleName, type DeliveryRules } from './rule-list';

/** Why neither the estimate nor the inventory forecast reads frequency caps, in both their method lines. */
export const FREQUENCY_CAPS_NOT_READ =
  'Frequency caps are not read: they limit each browser, not which requests exist.';

/** A share as the estimate says it: "38 %", "1.0 %", "100 %" (two figures between 0.5 % and 99.5 %). */
export const estimateShareText = (share: number): string =>
  `${share >= 0.995 || share < 0.005 ? Math.round(share * 100) : (share * 100).toPrecision(2)} %`;

/** A rule's name in a sentence: "device types". */
const ruleWords = (rule: DeliveryRuleName) => DELIVERY_RULE[rule].label.toLowerCase();

/**
 * What the estimate read, after its figure: "Read: countries 71 %, device types 83 % (together taken as
 * independent). Not estimated: languages (no history keeps it)." and, when `rules` (the rule set
 * estimated) has frequency caps, that they are not read.
 */
export function estimateReadText(
  estimated: readonly { rule: DeliveryRuleName; share: number | null; read: boolean }[],
  rules: Pick<DeliveryRules, 'frequencyCaps'>,
): string {
  const read = estimated.filter((rule) => rule.read);
  const unread = estimated.filter((rule) => !rule.read);
  const sentences: string[] = [];
  if (estimated.length === 0) sentences.push('No rule narrows it.');
  if (read.length > 0)
    sentences.push(
      `Read: ${read
        .map((rule) => `${ruleWords(rule.rule)} ${rule.share === null ? '—' : estimateShareText(rule.share)}`)
        .join(', ')}${read.length > 1 ? ' (together taken as independent)' : ''}.`,
    );
  if (unread.length > 0)
    sentences.push(
      `Not estimated: ${unread.map((rule) => ruleWords(rule.rule)).join(', ')} (no history keeps it).`,
    );
  if ((rules.frequencyCaps?.length ?? 0) > 0) sentences.push(FREQUENCY_CAPS_NOT_READ);
  return sentences.join(' ');
}

/**
 * What the estimate and the inventory forecast say while a field of the rules being edited is invalid,
 * instead of a figure: "Not estimated: fix Countries" (`field` is the field's label as the form shows it).
 */
export const notEstimatedText = (field: string): string => `Not estimated: fix ${field}`;
