// /campaigns/{campaignID}: the campaign's details and its creatives (type, size, platform, live status,
// QA), its placements and their A/B tests, its conversion actions. A client reads it read-only (its
// header, figures, goal, budget and creatives; docs/security.md, "Client access": useReadOnly).
// What the page needs first is drawn first (docs/console.md, "The campaign pages' first load"): the
// header, the lifetime figures, the goal, the budget and the creatives; the owner's cards below them come
// in a file of their own after the first paint (campaign-owner-cards.tsx), and the edit and duplicate
// dialogs' forms when the reader opens them.

import { type Campaign, type Creative, MESSAGES } from '@adconsole/domain';
import { Skeleton } from '@adconsole/ui';
import { lazy, Suspense, startTransition, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Loaded } from '../../components/loaded';
import { showError } from '../../lib/notify-error';
import { whenIdle } from '../../lib/when-idle';
import { loadChunk } from '../../routes/lazy-screen';
import { useReadOnly } from '../../session/permissions';
import { useCreativeMutations } from '../creatives/creative-queries';
import { BulkUploadAction } from './bulk-upload-action';
import { CampaignFirstScreen } from './campaign-first-screen';
import { CampaignOwnerCardsPlaceholder } from './campaign-owner-cards-placeholder';
import { useArchiveCampaign, useCampaign, useDuplicateCampaign, usePauseCampaign } from './campaign-queries';
import { CampaignTagsDownload } from './campaign-tags-download';
import { usePlacements } from './placement-queries';
import { useCampaignTagSheet } from './tag-sheet-queries';

/** The owner's cards below the first screen, in a file of their own (campaign-owner-cards.tsx). */
const CampaignOwnerCards = lazy(() =>
  loadChunk(() => import('./campaign-owner-cards')).then((module) => ({
    default: module.CampaignOwnerCards,
  })),
);
/** The dialogs' forms (the campaign form, the duplicate form), fetched when the reader opens one. */
const EditCampaignDialog = lazy(() =>
  loadChunk(() => import('./edit-campaign-dialog')).then((module) => ({
    default: module.EditCampaignDialog,
  })),
);
const DuplicateCampaignDialog = lazy(() =>
  loadChunk(() => import('./duplicate-campaign-dialog')).then((module) => ({
    default: module.DuplicateCampaignDialog,
  })),
);

export function CampaignViewPage() {
  const { campaignID = '' } = useParams();
  const campaign = useCampaign(campaignID);
  return (
    <Loaded
      data={campaign.data}
      error={campaign.error}
      errorText={MESSAGES.campaignNotFound}
      // The screen's height: the footer stays below the fold until the page is drawn, not moved down by it.
      loading={<Skeleton className="h-screen" aria-label="Loading campaign" />}
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
  const creatives = useCreativeMutations(campaignID);
  const [editing, setEditing] = useState(false);
  const [duplicating, setDuplicating] = useState(false);
  // A dialog's code is asked for when it first opens; it then stays, so it closes as it opened.
  const [opened, setOpened] = useState({ edit: false, duplicate: false });
  const edit = (open: boolean) => {
    setEditing(open);
    if (open) setOpened((was) => ({ ...was, edit: true }));
  };
  const startDuplicate = () => {
    setDuplicating(true);
    setOpened((was) => ({ ...was, duplicate: true }));
  };
  const duplicate = useDuplicateCampaign();
  const archive = useArchiveCampaign();
  const pause = usePauseCampaign();
  // A new creative is made in its editor and stored by its first save: leaving before it stores nothing.

  return (
    <div className="grid grid-cols-1 gap-6">
      <CampaignFirstScreen
        campaign={data}
        readOnly={readOnly}
        manage={{
          onEdit: () => edit(true),
          onDuplicate: startDuplicate,
          pausePending: pause.isPending,
          onPause: () =>
            pause.mutate({ campaignID, paused: true }, { onError: showError(MESSAGES.campaignNotPaused) }),
          onResume: () =>
            pause.mutate({ campaignID, paused: false }, { onError: showError(MESSAGES.campaignNotResumed) }),
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
        }}
        onDuplicateCreative={(creative) =>
          creatives.duplicate.mutate(creative, { onError: showError(MESSAGES.creativeNotDuplicated) })
        }
        // Busy until the copy is in the list: a second click is not a second copy.
        duplicatingID={creatives.duplicate.isPending ? creatives.duplicate.variables?.id : undefined}
        onDeleteCreative={(creative) =>
          creatives.remove.mutate(creative.id, { onError: showError(MESSAGES.creativeNotDeleted) })
        }
      />
      {readOnly ? null : (
        <>
          <OwnerCardsWhenIdle campaign={data} />
          <Suspense fallback={null}>
            {opened.edit ? <EditCampaignDialog campaign={data} open={editing} onOpenChange={edit} /> : null}
            {opened.duplicate ? (
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
            ) : null}
          </Suspense>
        </>
      )}
    </div>
  );
}

/**
 * The owner's cards, their code asked for once the page above them has painted and the browser is idle:
 * asked for in the commit that draws the page, it was one more request before the page's largest paint.
 */
function OwnerCardsWhenIdle({ campaign }: { campaign: Campaign }) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenIdle(() => startTransition(() => setWanted(true))), []);
  if (!wanted) return <CampaignOwnerCardsPlaceholder />;
  return (
    <Suspense fallback={<CampaignOwnerCardsPlaceholder />}>
      <CampaignOwnerCards campaign={campaign} />
    </Suspense>
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
