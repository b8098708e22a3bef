// The campaign page's header (docs/product.md §2, "Campaign page"): its name, advertiser, flight, pause
// and delivery lines, and its actions. Read-only (a client's view, docs/security.md "Client access"), the
// actions are its report alone: no edit, duplicate, pause, archive, tags, alerts, builder, bulk upload
// or new creative. Props in; the page wires the calls.
import {
  type Campaign,
  deliveryRulesSummary,
  noDeliveryRules,
  UNASSIGNED_ADVERTISER_NAME,
} from '@adconsole/domain';
import { Button } from '@adconsole/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { newCreativePath } from '../creatives/creative-paths';
import { ArchiveCampaign } from './archive-campaign';
import { FlightBadge } from './flight-badge';
import { formatDay } from './format';
import { PauseCampaign, pausedLine } from './pause-campaign';

/** What the owner's actions do; absent on a read-only page. */
export interface CampaignManageActions {
  onEdit: () => void;
  onDuplicate: () => void;
  pausePending: boolean;
  onPause: () => void;
  onResume: () => void;
  archivePending: boolean;
  onArchive: () => void;
  onUnarchive: () => void;
  /** The "Download tags" menu (its own queries). */
  tags: ReactNode;
  /** The "Bulk upload" button and its dialog. */
  bulkUpload: ReactNode;
}

export function CampaignHeader({
  campaign,
  manage,
}: {
  campaign: Campaign;
  /** The owner's actions; undefined: the page is read-only (a client's). */
  manage?: CampaignManageActions | undefined;
}) {
  const paused = pausedLine(campaign.pausedAt, campaign.pausedBy);
  return (
    <div className="flex flex-wrap items-start justify-between gap-3" data-slot="campaign-header">
      <div className="min-w-0">
        <h1 className="break-words font-semibold text-2xl">{campaign.name}</h1>
        {campaign.advertiserId || campaign.data.advertiser ? (
          <p className="text-sm" data-slot="campaign-advertiser">
            <span className="text-muted-foreground">Advertiser:</span>{' '}
            {campaign.advertiserId ? (
              // Underlined: a link inside a line of text is told apart by more than its colour.
              <Link
                to={`/advertisers/${campaign.advertiserId}`}
                className="text-primary underline underline-offset-2"
              >
                {campaign.data.advertiser ?? UNASSIGNED_ADVERTISER_NAME}
              </Link>
            ) : (
              campaign.data.advertiser
            )}
          </p>
        ) : null}
        <p className="flex flex-wrap items-center gap-2 text-muted-foreground text-sm">
          <FlightBadge
            flight={campaign.data}
            serving={campaign.creatives.some((creative) => creative.liveCreatives.length > 0)}
            archived={Boolean(campaign.archivedAt)}
            paused={Boolean(campaign.pausedAt)}
          />{' '}
          · updated {formatDay(campaign.updatedAt)}
        </p>
        {paused ? (
          <p className="text-muted-foreground text-sm" data-slot="campaign-paused">
            {paused}: its ads serve nothing until it is resumed.
          </p>
        ) : null}
        {noDeliveryRules(campaign.deliveryRules) ? null : (
          <p className="text-muted-foreground text-sm" data-slot="delivery-summary">
            Serves: {deliveryRulesSummary(campaign.deliveryRules, campaign.data.timezone ?? 'UTC')}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2" data-slot="campaign-actions">
        {manage ? <ManageActions campaign={campaign} manage={manage} /> : null}
        <Button variant="outline" asChild>
          <Link to={`/campaigns/${campaign.id}/reporting`}>Reporting</Link>
        </Button>
        {manage ? (
          <>
            <Button variant="outline" asChild>
              <Link to={`/campaigns/${campaign.id}/alerts`}>Alerts</Link>
            </Button>
            <Button variant="outline" asChild>
              <Link to="/builder">Build a banner</Link>
            </Button>
            {manage.bulkUpload}
            <Button asChild>
              <Link to={newCreativePath(campaign.id)}>New creative</Link>
            </Button>
          </>
        ) : null}
      </div>
    </div>
  );
}

/** Edit, duplicate, pause, archive and the tags: the owner's. */
function ManageActions({ campaign, manage }: { campaign: Campaign; manage: CampaignManageActions }) {
  return (
    <>
      <Button variant="outline" onClick={manage.onEdit}>
        Edit campaign
      </Button>
      <Button variant="outline" onClick={manage.onDuplicate}>
        Duplicate campaign
      </Button>
      <PauseCampaign
        name={campaign.name}
        pausedAt={campaign.pausedAt}
        pending={manage.pausePending}
        onPause={manage.onPause}
        onResume={manage.onResume}
      />
      <ArchiveCampaign
        name={campaign.name}
        archived={Boolean(campaign.archivedAt)}
        pending={manage.archivePending}
        onArchive={manage.onArchive}
        onUnarchive={manage.onUnarchive}
      />
      {manage.tags}
    </>
  );
}
