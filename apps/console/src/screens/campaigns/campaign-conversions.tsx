// The campaign page's conversion actions (docs/conversions.md): loads them through conversion-queries.ts and draws
// ConversionsCard with its actions.
import { type Campaign, DEFAULT_CLICK_PARAM, MESSAGES } from '@adconsole/domain';
import { deferredProps } from '../../components/deferred-props';
import { showError } from '../../lib/notify-error';
import { publicConfig } from '../../lib/public-config';
import { useConversionActionMutations, useConversionActions } from './conversion-queries';
import { type ConversionActions, ConversionsCard } from './conversions-card';

/** Drawn in slices as its answers arrive (components/deferred-props.tsx). */
const ConversionsCardDrawn = deferredProps(ConversionsCard);

export function CampaignConversions({ campaign }: { campaign: Pick<Campaign, 'id' | 'data'> }) {
  const list = useConversionActions(campaign.id);
  const changes = useConversionActionMutations(campaign.id);
  const actions: ConversionActions = {
    onCreate: (body) => changes.create.mutateAsync(body),
    onUpdate: (action, body) => changes.update.mutateAsync({ id: action.id, body }),
    onRotateKey: async (action) => (await changes.rotateKey.mutateAsync(action)).key,
    onSetArchived: (action, archived) =>
      changes.setArchived.mutate(
        { action, archived },
        {
          onError: showError(
            archived ? MESSAGES.conversionActionNotArchived : MESSAGES.conversionActionNotRestored,
          ),
        },
      ),
  };
  return (
    <ConversionsCardDrawn
      conversionActions={list.data}
      error={list.error ?? undefined}
      clickParam={campaign.data.clickParam ?? DEFAULT_CLICK_PARAM}
      rateCurrency={campaign.data.rate?.currency}
      servingHost={publicConfig().adServingUrl}
      actions={actions}
      pendingActionID={changes.setArchived.isPending ? changes.setArchived.variables?.action.id : undefined}
    />
  );
}
