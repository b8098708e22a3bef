// /campaigns/{campaignID}: the campaign's details and its creatives (type, size, platform, live status,
// QA), its placements and their A/B tests, its conversion actions. A client reads it read-only (its
// header, figures, goal, budget and creatives; docs/security.md, "Client access": useReadOnly).

import { type Campaign, type Creative, MESSAGES } from '@adconsole/domain';
import { Card, CardHeader, Skeleton } from '@adconsole/ui';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Loaded } from '../../components/loaded';
import { showError } from '../../lib/notify-error';
import { useReadOnly } from '../../session/permissions';
import { PreviewLinksCard } from '../approval/preview-links';
import { useCreativeMutations } from '../creatives/creative-queries';
import { BulkUploadAction } from './bulk-upload-action';
import { CampaignBudget } from './campaign-budget';
import { CampaignConversions } from './campaign-conversions';
import { CampaignCreatives } from './campaign-creatives';
import { CampaignDeliveryRules } from './campaign-delivery-rules';
import { CampaignGoal } from './campaign-goal';
import { CampaignHeader } from './campaign-header';
import { CampaignHistory } from './campaign-history';
import { CampaignPlacements } from './campaign-placements';
import {
  useArchiveCampaign,
  useCampaign,
  useCampaignHistory,
  useDuplicateCampaign,
  usePauseCampaign,
} from './campaign-queries';
import { CampaignTagsDownload } from './campaign-tags-download';
import { DuplicateCampaignDialog } from './duplicate-campaign-dialog';
import { EditCampaignDialog } from './edit-campaign-dialog';
import { formatCount } from './format';
import { usePlacements } from './placement-queries';
import { useCampaignTagSheet } from './tag-sheet-queries';

export function CampaignViewPage() {
  const { campaignID = '' } = useParams();
  const campaign = useCampaign(campaignID);
  return (
    <Loaded
      data={campaign.data}
      error={campaign.error}
      errorText={MESSAGES.campaignNotFound}
      loading={<Skeleton className="h-64" aria-label="Loading campaign" />}
    >
      {(data) => <CampaignView campaignID={campaignID} data={data} />}
    </Loaded>
  );
}

/** The loaded campaign: its details, creatives, placements, conversion actions and history. */
function CampaignView({ campaignID, data }: { campaignID: string; data: Campaign }) {
  const navigate = useNavigate();
  // A client's view (docs/security.md, "Client access"): its reports, creatives and their previews and
  // approvals; none of the owner's actions and none of the cards only the owner reads (not even asked for).
  const readOnly = useReadOnly();
  const history = useCampaignHistory(campaignID, !readOnly);
  const creatives = useCreativeMutations(campaignID);
  const [editing, setEditing] = useState(false);
  const [duplicating, setDuplicating] = useState(false);
  const duplicate = useDuplicateCampaign();
  const archive = useArchiveCampaign();
  const pause = usePauseCampaign();
  // A new creative is made in its editor and stored by its first save: leaving before it stores nothing.

  return (
    <div className="grid grid-cols-1 gap-6">
      <CampaignHeader
        campaign={data}
        manage={
          readOnly
            ? undefined
            : {
                onEdit: () => setEditing(true),
                onDuplicate: () => setDuplicating(true),
                pausePending: pause.isPending,
                onPause: () =>
                  pause.mutate(
                    { campaignID, paused: true },
                    { onError: showError(MESSAGES.campaignNotPaused) },
                  ),
                onResume: () =>
                  pause.mutate(
                    { campaignID, paused: false },
                    { onError: showError(MESSAGES.campaignNotResumed) },
                  ),
                archivePending: archive.isPending,
                onArchive: () =>
                  archive.mutate(
                    { campaignID, archived: true },
                    { onError: showError(MESSAGES.campaignNotArchived) },
                  ),
                onUnarchive: () =>
                  archive.mutate(
                    { campaignID, archived: false },
                    { onError: showError(MESSAGES.campaignNotUnarchived) },
                  ),
                tags: <CampaignTagsAction campaignID={campaignID} creatives={data.creatives} />,
                bulkUpload: <BulkUploadAction campaignID={campaignID} />,
              }
        }
      />
      {/* Since the campaign began, every creative: the report shows any other period. */}
      <section aria-label="Campaign totals, lifetime" className="grid gap-4 sm:grid-cols-3">
        {(
          [
            ['Impressions, lifetime', data.data.impressions],
            ['Engagements, lifetime', data.data.engagement],
            ['Clicks, lifetime', data.data.clicks],
          ] as const
        ).map(([label, value]) => (
          <Card key={label}>
            <CardHeader>
              <p className="text-muted-foreground text-sm">{label}</p>
              <p className="font-semibold text-2xl tabular-nums">{formatCount(value)}</p>
            </CardHeader>
          </Card>
        ))}
      </section>
      <CampaignGoal campaign={data} onEdit={readOnly ? undefined : () => setEditing(true)} />
      <CampaignBudget status={data.budgetStatus} />
      <CampaignCreatives
        campaignID={campaignID}
        creatives={data.creatives}
        readOnly={readOnly}
        onDuplicate={(creative) =>
          creatives.duplicate.mutate(creative, { onError: showError(MESSAGES.creativeNotDuplicated) })
        }
        // Busy until the copy is in the list: a second click is not a second copy.
        duplicatingID={creatives.duplicate.isPending ? creatives.duplicate.variables?.id : undefined}
        onDelete={(creative) =>
          creatives.remove.mutate(creative.id, { onError: showError(MESSAGES.creativeNotDeleted) })
        }
      />
      {readOnly ? null : (
        <>
          <PreviewLinksCard campaignID={campaignID} />
          <CampaignDeliveryRules campaign={data} />
          <CampaignPlacements campaignID={campaignID} creatives={data.creatives} />
          <CampaignConversions campaign={data} />
          <CampaignHistory
            entries={history.data}
            loading={history.isPending}
            error={history.error}
            timeZone={data.data.timezone}
          />
          <EditCampaignDialog campaign={data} open={editing} onOpenChange={setEditing} />
          <DuplicateCampaignDialog
            campaign={data}
            open={duplicating}
            onOpenChange={setDuplicating}
            onDuplicate={async (copy) => {
              const made = await duplicate.mutateAsync({ campaignID, copy });
              setDuplicating(false);
              navigate(`/campaigns/${made.id}`);
            }}
          />
        </>
      )}
    </div>
  );
}

/** The "Download tags for the campaign" menu, with what the campaign has to tag. */
function CampaignTagsAction({
  campaignID,
  creatives,
}: {
  campaignID: string;
  creatives: readonly Creative[];
}) {
  // Its live creatives and placements (the placements card's own query, asked once).
  const placements = usePlacements(campaignID);
  const tagSheet = useCampaignTagSheet(campaignID);
  return (
    <CampaignTagsDownload
      nothingToTag={
        creatives.every((creative) => creative.liveCreatives.length === 0) && placements.data?.length === 0
      }
      pending={tagSheet.isPending}
      onDownload={(type) =>
        tagSheet.mutate(type, {
          onSuccess: (url) => window.location.assign(url),
          onError: showError(MESSAGES.tagSheetNotMade),
        })
      }
    />
  );
}
