// The estimate before saving (docs/serving.md, "The estimate before saving"): what share of the last 7
// days' impressions the rules being edited would have kept, "about 38 %", and each rule's own share.
import type { DeliveryEstimateAnswer, DeliveryRuleName } from '@adconsole/domain';
import { Alert, AlertDescription, AlertTitle, Spinner } from '@adconsole/ui';

const RULE_NAMES: Record<DeliveryRuleName, string> = {
  countries: 'countries',
  devices: 'device types',
  os: 'operating systems',
  browsers: 'browsers',
  sites: 'sites',
  daypart: 'daypart',
};

/** What the form shows of an estimate: none asked yet, one on its way, or one read. */
export type EstimateState = { status: 'loading' } | { status: 'ready'; estimate: DeliveryEstimateAnswer };

const percent = (share: number) =>
  `${share >= 0.995 || share < 0.005 ? Math.round(share * 100) : (share * 100).toPrecision(2)} %`;

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
  if (estimate.share === null)
    return (
      <p className="text-muted-foreground text-sm" role="status">
        No impressions in the last 7 days to estimate from.
      </p>
    );
  const count = new Intl.NumberFormat(locale);
  return (
    <Alert role="status" data-slot="delivery-estimate">
      <AlertTitle>
        About {percent(estimate.share)} of the last 7 days’ impressions would have matched
      </AlertTitle>
      <AlertDescription>
        {count.format(Math.round(estimate.impressions * estimate.share))} of{' '}
        {count.format(estimate.impressions)}.
        {estimate.rules.length > 1
          ? ` Each rule alone: ${estimate.rules
              .map((rule) => `${RULE_NAMES[rule.rule]} ${rule.share === null ? '—' : percent(rule.share)}`)
              .join(', ')} (together taken as independent).`
          : ''}
      </AlertDescription>
    </Alert>
  );
}
