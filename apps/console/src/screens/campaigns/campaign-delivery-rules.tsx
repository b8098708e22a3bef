// The campaign page's delivery rules (docs/console.md, "Delivery rules"): loads them through
// delivery-queries.ts, estimates the rules being edited (a quarter second after the last change), tests
// tags, and draws DeliveryRulesCard.
import { type Campaign, type DeliveryRules, errorMessage, MESSAGES } from '@adconsole/domain';
import type { EstimateState } from '@adconsole/forms';
import { useEffect, useState } from 'react';
import {
  useDeliveryEstimate,
  useDeliveryRules,
  useDeliveryRulesMutations,
  useTestDelivery,
} from './delivery-queries';
import { DeliveryRulesCard } from './delivery-rules-card';
import type { RulesTarget } from './delivery-rules-dialog';
import { usePlacements } from './placement-queries';
import type { TestableTag } from './tag-tester';

/** A value that follows `value` once it has stayed the same for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function CampaignDeliveryRules({ campaign }: { campaign: Pick<Campaign, 'id' | 'creatives'> }) {
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
  const estimateState: EstimateState | undefined =
    !editing || estimate.isError
      ? undefined
      : estimate.data && !estimate.isPlaceholderData
        ? { status: 'ready', estimate: estimate.data }
        : { status: 'loading' };
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
    <DeliveryRulesCard
      rules={rules.data}
      estimate={estimateState}
      onEditing={(target, next) => setEditing(target && next ? { target, rules: next } : undefined)}
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
