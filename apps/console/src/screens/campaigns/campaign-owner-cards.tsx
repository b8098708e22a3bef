// The campaign page's cards below its first screen, which only the campaign's owner reads (docs/console.md,
// "The campaign pages' first load"): its preview links, delivery rules, placements and their A/B tests,
// conversion actions and history. A file of its own, asked for once the page has painted; each card is
// drawn when the reader comes near it, or anyway once the page is idle, one card per idle moment, behind a
// placeholder with its heading. Until a card is drawn, its requests are not made.
import type { Campaign } from '@adconsole/domain';
import type { ReactNode } from 'react';
import { deferredProps } from '../../components/deferred-props';
import { NearViewport } from '../../components/near-viewport';
import { whenIdle } from '../../lib/when-idle';
import { PreviewLinksCard } from '../approval/preview-links';
import { CampaignConversions } from './campaign-conversions';
import { CampaignDeliveryRules } from './campaign-delivery-rules';
import { CampaignHistory } from './campaign-history';
import { CampaignCardPlaceholder, type CampaignCardTitle } from './campaign-owner-cards-placeholder';
import { CampaignPlacements } from './campaign-placements';
import { useCampaignHistory } from './campaign-queries';

/** Drawn in slices as its answers arrive (components/deferred-props.tsx). */
const CampaignHistoryDrawn = deferredProps(CampaignHistory);

/** One card, drawn when the reader comes near it or the page is idle. */
function Soon({ title, children }: { title: CampaignCardTitle; children: ReactNode }) {
  return (
    <NearViewport defer drawAlso={whenIdle} placeholder={<CampaignCardPlaceholder title={title} />}>
      {children}
    </NearViewport>
  );
}

export function CampaignOwnerCards({ campaign }: { campaign: Campaign }) {
  return (
    <>
      <Soon title="Preview link">
        <PreviewLinksCard campaignID={campaign.id} />
      </Soon>
      <Soon title="Delivery rules">
        <CampaignDeliveryRules campaign={campaign} />
      </Soon>
      <Soon title="Placements">
        <CampaignPlacements campaignID={campaign.id} creatives={campaign.creatives} />
      </Soon>
      <Soon title="Conversions">
        <CampaignConversions campaign={campaign} />
      </Soon>
      <Soon title="History">
        <HistoryCard campaign={campaign} />
      </Soon>
    </>
  );
}

/** The history card with its request, made once the card is drawn. */
function HistoryCard({ campaign }: { campaign: Campaign }) {
  const history = useCampaignHistory(campaign.id);
  return (
    <CampaignHistoryDrawn
      entries={history.data}
      loading={history.isPending}
      error={history.error}
      timeZone={campaign.data.timezone}
    />
  );
}
