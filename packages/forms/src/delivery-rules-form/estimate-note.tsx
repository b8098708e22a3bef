// The estimate before saving (docs/serving.md, "The estimate before saving"): what share of the last 7
// days' impressions the rules being edited would have kept, "about 38 %", each rule's own share, and
// which rules it read: a rule whose fact no history keeps is named as not estimated. A campaign that has
// not run yet is estimated from its account's other campaigns, and says so.
import { DELIVERY_RULE, type DeliveryEstimateAnswer } from '@adconsole/domain';
import { Alert, AlertDescription, AlertTitle, Spinner } from '@adconsole/ui';

/** What the form shows of an estimate: none asked yet, one on its way, or one read. */
export type EstimateState = { status: 'loading' } | { status: 'ready'; estimate: DeliveryEstimateAnswer };

const percent = (share: number) =>
  `${share >= 0.995 || share < 0.005 ? Math.round(share * 100) : (share * 100).toPrecision(2)} %`;

/** A rule's name in a sentence: 'device types'. */
const ruleWords = (rule: DeliveryEstimateAnswer['rules'][number]['rule']) =>
  DELIVERY_RULE[rule].label.toLowerCase();

const BASIS_WORDS = {
  campaign: 'the last 7 days’ impressions',
  account: 'the last 7 days’ impressions of your other campaigns (this one has none yet)',
} as const;

export function EstimateNote({
  state,
  locale = 'en-US',
}: {
  state: EstimateState | undefined;
  locale?: string;
}) {
  if (state === undefined) return null;
  if (state.status === 'loading')
    return (
      <p className="flex items-center gap-2 text-muted-foreground text-sm" role="status">
        <Spinner className="size-4" /> Estimating from the last 7 days…
      </p>
    );
  const { estimate } = state;
  if (estimate.share === null || estimate.basis === 'none')
    return (
      <p className="text-muted-foreground text-sm" role="status">
        No impressions in the last 7 days to estimate from: neither this campaign nor your other campaigns
        have any yet.
      </p>
    );
  const count = new Intl.NumberFormat(locale);
  const read = estimate.rules.filter((rule) => rule.read);
  const unread = estimate.rules.filter((rule) => !rule.read);
  const rulesText =
    estimate.rules.length === 0
      ? ' No rule narrows it.'
      : ` Read: ${read
          .map((rule) => `${ruleWords(rule.rule)} ${rule.share === null ? '—' : percent(rule.share)}`)
          .join(', ')}${read.length > 1 ? ' (together taken as independent)' : ''}.${
          unread.length > 0
            ? ` Not estimated: ${unread.map((rule) => ruleWords(rule.rule)).join(', ')} (no history keeps it).`
            : ''
        }`;
  return (
    <Alert role="status" data-slot="delivery-estimate" data-basis={estimate.basis}>
      <AlertTitle>
        About {percent(estimate.share)} of {BASIS_WORDS[estimate.basis]} would have matched
      </AlertTitle>
      <AlertDescription>
        {count.format(Math.round(estimate.impressions * estimate.share))} of{' '}
        {count.format(estimate.impressions)}.{rulesText}
      </AlertDescription>
    </Alert>
  );
}
