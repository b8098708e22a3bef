// The campaign page's delivery rules (docs/console.md, "Delivery rules"): loads them through
// delivery-queries.ts, estimates the rules being edited (a quarter second after the last change: each
// rule set is asked once, and only the answer for the set on screen is shown), tests tags, and draws
// DeliveryRulesCard; the campaign's rules being edited are forecast with its flight and goal
// (forecast-queries.ts).
import { type Campaign, type DeliveryRules, errorMessage, MESSAGES } from '@adconsole/domain';
import type { EstimateState } from '@adconsole/forms';
import { useState } from 'react';
import { deferredProps } from '../../components/deferred-props';
import { accountLocale } from '../../lib/account-locale';
import {
  useDeliveryEstimate,
  useDeliveryRules,
  useDeliveryRulesMutations,
  useTestDelivery,
} from './delivery-queries';
import { DeliveryRulesCard } from './delivery-rules-card';
import type { RulesTarget } from './delivery-rules-dialog';
import { useForecastState } from './forecast-queries';
import { usePlacements } from './placement-queries';
import type { TestableTag } from './tag-tester';
import { useSettled } from './use-settled';

/** Drawn in slices as its answers arrive (components/deferred-props.tsx). */
const DeliveryRulesCardDrawn = deferredProps(DeliveryRulesCard);

export function CampaignDeliveryRules({
  campaign,
}: {
  campaign: Pick<Campaign, 'id' | 'creatives'> & { data?: Campaign['data'] | undefined };
}) {
  const rules = useDeliveryRules(campaign.id);
  const changes = useDeliveryRulesMutations(campaign.id);
  const placements = usePlacements(campaign.id);
  const test = useTestDelivery();
  const [editing, setEditing] = useState<{ target: RulesTarget; rules: DeliveryRules } | undefined>();
  const settled = useSettled(editing, 250);
  const estimate = useDeliveryEstimate(
    campaign.id,
    settled?.target.level === 'creative' ? settled.target.creativeID : undefined,
    settled?.rules,
  );
  // The answer shown is the one for the rules on screen: while a newer set waits for its turn or its
  // answer, the older set's answer is not shown as if it were this one's.
  const current = settled === editing;
  const estimateState: EstimateState | undefined =
    !editing || estimate.isError
      ? undefined
      : current && estimate.data && !estimate.isPlaceholderData
        ? { status: 'ready', estimate: estimate.data }
        : { status: 'loading' };
  const forecast = useForecastState(
    editing?.target.level === 'campaign'
      ? {
          campaignID: campaign.id,
          rules: editing.rules,
          start: campaign.data?.start,
          end: campaign.data?.end,
          timezone: campaign.data?.timezone,
          goal: campaign.data?.goal,
          deliveryMode: campaign.data?.deliveryMode,
        }
      : undefined,
  );
  const tags: TestableTag[] = [
    ...campaign.creatives.flatMap((creative) => {
      const live = creative.liveCreatives.at(-1);
      return live ? [{ label: `${creative.name} (its own tag)`, liveID: live.id }] : [];
    }),
    ...(placements.data ?? []).map((placement) => ({
      label: `${placement.name} (placement)`,
      placementID: placement.id,
    })),
  ];
  return (
    <DeliveryRulesCardDrawn
      rules={rules.data}
      estimate={estimateState}
      forecast={forecast}
      locale={accountLocale()}
      onEditing={(target, next) =>
        setEditing((previous) =>
          target && next
            ? previous?.target === target && JSON.stringify(previous.rules) === JSON.stringify(next)
              ? previous
              : { target, rules: next }
            : undefined,
        )
      }
      onSave={(target, next) =>
        target.level === 'campaign'
          ? changes.campaign.mutateAsync(next)
          : changes.creative.mutateAsync({ creativeID: target.creativeID, rules: next })
      }
      tester={{
        campaignID: campaign.id,
        tags,
        onTest: (request) => test.mutate(request),
        result: test.data,
        error: test.error ? errorMessage(test.error, MESSAGES.tagNotTested) : null,
        pending: test.isPending,
      }}
    />
  );
}
