// The estimate before saving (docs/serving.md, "The estimate before saving"): what share of the last 7
// days' impressions the rules being edited would have kept, "about 38 %", each rule's own share, and
// which rules it read: a rule whose fact no history keeps is named as not estimated, and frequency caps,
// which no estimate reads, are named as not read. A campaign that has not run yet is estimated from its
// account's other campaigns, and says so. While a field of the rules is invalid it shows no figure, only
// which field to fix. The words are the domain's (delivery/estimate-text.ts).
import {
  type DeliveryEstimateAnswer,
  type DeliveryRules,
  estimateReadText,
  estimateShareText,
  notEstimatedText,
} from '@adconsole/domain';
import { Alert, AlertDescription, AlertTitle, Spinner } from '@adconsole/ui';

/** What the form shows of an estimate: none asked yet, one on its way, or one read. */
export type EstimateState = { status: 'loading' } | { status: 'ready'; estimate: DeliveryEstimateAnswer };

const BASIS_WORDS = {
  campaign: 'the last 7 days’ impressions',
  account: 'the last 7 days’ impressions of your other campaigns (this one has none yet)',
} as const;

export function EstimateNote({
  state,
  rules,
  invalidField,
  locale = 'en-US',
}: {
  state: EstimateState | undefined;
  /** The rule set on screen (its frequency caps are named as not read). */
  rules?: Pick<DeliveryRules, 'frequencyCaps'> | undefined;
  /** The label of the first invalid field: no figure is shown, only what to fix. */
  invalidField?: string | undefined;
  locale?: string;
}) {
  if (state === undefined) return null;
  if (invalidField !== undefined)
    return (
      <p
        className="text-muted-foreground text-sm"
        role="status"
        data-slot="delivery-estimate"
        data-invalid=""
      >
        {notEstimatedText(invalidField)}
      </p>
    );
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
  return (
    <Alert role="status" data-slot="delivery-estimate" data-basis={estimate.basis}>
      <AlertTitle>
        About {estimateShareText(estimate.share)} of {BASIS_WORDS[estimate.basis]} would have matched
      </AlertTitle>
      <AlertDescription>
        {count.format(Math.round(estimate.impressions * estimate.share))} of{' '}
        {count.format(estimate.impressions)}.{` ${estimateReadText(estimate.rules, rules ?? {})}`}
      </AlertDescription>
    </Alert>
  );
}
