// /campaigns/{campaignID}/creative/{creativeID}: edit, upload assets, publish, duplicate, delete,
// and the ad tags of each live creative. /campaigns/{campaignID}/creative/new: the same editor for a
// creative not yet stored, which its first save creates.
import {
  buildTagSheet,
  type Campaign,
  type Creative,
  creativePublishedText,
  MESSAGES,
  newCreative,
  SERVE_PREVIEW_PATH,
  tagsByCreative,
} from '@adconsole/domain';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, notify, Skeleton } from '@adconsole/ui';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ConfirmDelete } from '../../components/confirm-delete';
import { Loaded } from '../../components/loaded';
import { useLeaveGuard } from '../../lib/leave-guard';
import { showError } from '../../lib/notify-error';
import { publicConfig } from '../../lib/public-config';
import { useReadOnly } from '../../session/permissions';
import { useAdvertiserOverview } from '../advertisers/advertiser-queries';
import { ApprovalCard } from '../approval/approval-card';
import { PreviewLinksCard } from '../approval/preview-links';
import { useCampaign } from '../campaigns/campaign-queries';
import { FlightBadge } from '../campaigns/flight-badge';
import { AssetPanel } from './asset-panel';
import { creativePath } from './creative-paths';
import { CreativePreview } from './creative-preview';
import { CreativeQaCard } from './creative-qa-card';
import { useCreative, useCreativeActions, useCreativeMutations } from './creative-queries';
import { type CreativeDraft, CreativeSettings } from './creative-settings';
import { LeaveNewCreativeDialog } from './leave-new-creative';
import { previewOf } from './preview-ad';
import { type TagInputs, TagPanel } from './tag-panel';

/** Tags load from the ad-serving origin the server reports (AD_SERVING_URL), as the tag sheet's do. */
const servingHost = () => publicConfig().adServingUrl;

export function CreativeEditorPage() {
  const { campaignID = '', creativeID = '' } = useParams();
  const creative = useCreative(creativeID);
  return (
    <Loaded
      data={creative.data}
      error={creative.error}
      errorText={MESSAGES.noCreativeFoundYet}
      loading={<Skeleton className="h-96" aria-label="Loading creative" />}
    >
      {(current) => <CreativeEditor campaignID={campaignID} creativeID={creativeID} current={current} />}
    </Loaded>
  );
}

/**
 * A new creative: drawn from the campaign's defaults and kept in this page until its first save, which
 * creates it and opens its own address. Leaving before that stores nothing (no empty "New creative" is
 * left behind by a look at the form).
 */
export function NewCreativePage() {
  const { campaignID = '' } = useParams();
  const campaign = useCampaign(campaignID);
  const [draft] = useState(() => newCreative(campaignID));
  return (
    <Loaded
      data={campaign.data}
      error={campaign.error}
      errorText={MESSAGES.campaignNotFound}
      loading={<Skeleton className="h-96" aria-label="Loading creative" />}
    >
      {(loaded) => (
        <CreativeEditor campaignID={campaignID} creativeID={draft.id} current={draft} newIn={loaded} />
      )}
    </Loaded>
  );
}

/**
 * What the first save of a new creative hands to the page of the creative it made, by its id: the tag
 * fields typed before the save. Kept in memory, never in the history's state (a reload of that page
 * showed "Saved." again), and taken by the page it was left for.
 */
const arrivals = new Map<string, TagInputs>();

/** The loaded creative: its settings, preview, assets, live creatives and their tags. */
function CreativeEditor({
  campaignID,
  creativeID,
  current,
  newIn,
}: {
  campaignID: string;
  creativeID: string;
  current: Creative;
  /** Set for a creative not yet stored: the campaign its first save creates it in. */
  newIn?: Campaign;
}) {
  const navigate = useNavigate();
  // "Saved." and the typed tag fields belong to the first save's visit: read once, then let go.
  const [arrival] = useState(() => arrivals.get(creativeID));
  useEffect(() => {
    arrivals.delete(creativeID);
  }, [creativeID]);
  const campaign = useCampaign(campaignID);
  // A client's view (docs/security.md, "Client access"): the creative's preview, its approval (the
  // decision is the one thing a client does) and its report; no settings, assets, QA, links or tags.
  const readOnly = useReadOnly();
  // Whether its advertiser requires approval before publishing: said on the Approval card.
  const advertiserID = campaign.data?.advertiserId ?? '';
  const advertiser = useAdvertiserOverview(advertiserID, advertiserID !== '' && newIn === undefined).data
    ?.advertiser;
  const actions = useCreativeActions(campaignID, creativeID);
  const { create } = useCreativeMutations(campaignID);
  const [tagInputs, setTagInputs] = useState<TagInputs>(arrival ?? {});
  // The server's id of a new creative, once its first save has answered.
  const createdID = useRef<string | undefined>(undefined);
  const save = async (creative: Creative) => {
    if (!newIn) return actions.update.mutateAsync(creative);
    createdID.current = (await create.mutateAsync({ campaign: newIn, creative })).id;
  };
  // A new creative the user typed into asks before it is left (its first save, or Discard, passes).
  const [typed, setTyped] = useState(false);
  const leaveGuard = useLeaveGuard(newIn !== undefined && typed);
  // Saved: a new creative opens at its own address, with what this visit typed for its tags.
  const saved = (inputs: TagInputs) => {
    if (createdID.current === undefined) return setTagInputs(inputs);
    arrivals.set(createdID.current, inputs);
    leaveGuard.release();
    navigate(creativePath(campaignID, createdID.current), { replace: true });
  };
  // The type, layout and options being edited, before they are saved: the preview shows them.
  const [draft, setDraft] = useState<CreativeDraft | undefined>(undefined);
  const [saving, setSaving] = useState(false);

  // The campaign's rows of this creative alone, built when the campaign is at hand (the sheet waits for it).
  const downloadSheet = () =>
    actions.tagSheet.mutate(
      (campaign) => {
        // The editor's deal and fallback ids go as ids: the server builds the tags with them.
        const dealIDs = { [current.id]: tagInputs.dealID ?? '' };
        const fallbackIDs = { [current.id]: tagInputs.fallbackID ?? '' };
        const tags = tagsByCreative(
          buildTagSheet({
            campaign: { ...campaign, creatives: [current] },
            servingHost: servingHost(),
            tcfVendorID: publicConfig().tcfVendorID,
            dealIDs,
            fallbackIDs,
          }),
        );
        return { tags, dealIDs, fallbackIDs };
      },
      {
        onSuccess: (url) => window.location.assign(url),
        onError: showError(MESSAGES.tagSheetNotMade),
      },
    );

  return (
    // min-w-0: a grid item may be narrower than its content, so a phone's width holds the page and the
    // cards' own content wraps or scrolls inside them.
    <div className="grid grid-cols-1 gap-6 [&>*]:min-w-0">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h1 className="break-words font-semibold text-2xl">{current.name}</h1>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <Badge variant="outline">{current.type}</Badge>
            {campaign.data ? (
              <FlightBadge flight={campaign.data.data} serving={current.liveCreatives.length > 0} />
            ) : null}
            <span className="text-muted-foreground">{current.fluid ? 'Fluid' : current.size}</span>
            {newIn ? (
              <Badge variant="secondary">Not saved yet</Badge>
            ) : current.liveCreatives.length > 0 ? (
              <Badge variant="success">Live ({current.liveCreatives.length})</Badge>
            ) : (
              <Badge variant="secondary">Draft</Badge>
            )}
          </div>
        </div>
        <CreativeEditorActions
          campaignID={campaignID}
          creativeID={creativeID}
          current={current}
          isNew={newIn !== undefined}
          readOnly={readOnly}
          saving={saving}
          onDiscard={leaveGuard.release}
        />
      </div>

      <div className="grid gap-6 xl:grid-cols-2 [&>*]:min-w-0">
        {readOnly ? null : (
          <Card>
            <CardHeader>
              <CardTitle level={2}>Settings</CardTitle>
            </CardHeader>
            <CardContent>
              <CreativeSettings
                creative={current}
                campaignID={campaignID}
                tagInputs={tagInputs}
                save={save}
                onSaved={saved}
                justSaved={arrival !== undefined}
                onDraftChange={setDraft}
                onSavingChange={setSaving}
                onDirtyChange={setTyped}
              />
            </CardContent>
          </Card>
        )}
        <div className="grid content-start gap-6 [&>*]:min-w-0">
          <Card>
            <CardHeader>
              <CardTitle level={2}>Preview</CardTitle>
            </CardHeader>
            <CardContent>
              <CreativePreview
                preview={previewOf(current, draft)}
                pageUrl={`${servingHost()}${SERVE_PREVIEW_PATH}`}
              />
            </CardContent>
          </Card>
          {readOnly ? null : (
            <Card>
              <CardHeader>
                <CardTitle level={2}>Assets</CardTitle>
              </CardHeader>
              <CardContent>
                {newIn ? (
                  <p className="text-muted-foreground text-sm">{MESSAGES.creativeAssetsAfterSave}</p>
                ) : (
                  <AssetPanel
                    assets={current.assets}
                    upload={(file) => actions.upload.mutateAsync([file])}
                    remove={(assetID) => actions.deleteAsset.mutateAsync(assetID)}
                  />
                )}
              </CardContent>
            </Card>
          )}
          {newIn || readOnly ? null : <CreativeQaCard creativeID={creativeID} />}
          {newIn ? null : (
            <ApprovalCard
              campaignID={campaignID}
              creativeID={creativeID}
              approval={current.approval}
              advertiser={advertiser}
              readOnly={readOnly}
            />
          )}
          {newIn || readOnly ? null : <PreviewLinksCard campaignID={campaignID} creativeID={creativeID} />}
          {readOnly ? null : (
            <Card>
              <CardHeader>
                <CardTitle level={2}>Ad tags</CardTitle>
              </CardHeader>
              <CardContent>
                <TagPanel
                  creative={current}
                  servingHost={servingHost()}
                  tcfVendorID={publicConfig().tcfVendorID}
                  inputs={tagInputs}
                  onDownloadSheet={downloadSheet}
                  downloading={actions.tagSheet.isPending}
                />
              </CardContent>
            </Card>
          )}
        </div>
      </div>
      {newIn ? <LeaveNewCreativeDialog question={leaveGuard.question} /> : null}
    </div>
  );
}

/** Publish, duplicate, report and delete; a creative not yet stored has only Discard; a client, Report. */
function CreativeEditorActions({
  campaignID,
  creativeID,
  current,
  isNew,
  readOnly,
  saving,
  onDiscard,
}: {
  campaignID: string;
  creativeID: string;
  current: Creative;
  isNew: boolean;
  /** A client's view: its report alone. */
  readOnly: boolean;
  /** A save on its way: Publish waits for it. */
  saving: boolean;
  /** Discard chosen: leaving asks nothing more. */
  onDiscard: () => void;
}) {
  const navigate = useNavigate();
  const actions = useCreativeActions(campaignID, creativeID);
  // Its campaign (in the cache: the page reads it for the flight badge): when the new live creative serves.
  const campaign = useCampaign(campaignID).data;
  if (readOnly)
    return (
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" asChild>
          <Link to={`/campaigns/${campaignID}/reporting/creative/${current.id}`}>Report</Link>
        </Button>
      </div>
    );
  if (isNew)
    return (
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" asChild>
          <Link to={`/campaigns/${campaignID}`} onClick={onDiscard}>
            Discard
          </Link>
        </Button>
      </div>
    );
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        onClick={() =>
          actions.publish.mutate(current, {
            onSuccess: () =>
              notify({
                type: 'success',
                title: MESSAGES.creativePublished,
                text: campaign
                  ? creativePublishedText(
                      { flight: campaign.data, paused: Boolean(campaign.pausedAt) },
                      new Date(),
                    )
                  : MESSAGES.creativePublishedText,
              }),
            onError: showError(MESSAGES.creativeNotPublished),
          })
        }
        loading={actions.publish.isPending}
        // A save on its way first (from its checks on): what goes live is what it stores.
        disabled={saving}
      >
        Publish
      </Button>
      <Button
        variant="outline"
        onClick={() =>
          actions.duplicate.mutate(current, {
            onSuccess: (copy) => navigate(creativePath(campaignID, copy.id)),
            onError: showError(MESSAGES.creativeNotDuplicated),
          })
        }
        loading={actions.duplicate.isPending}
      >
        Duplicate
      </Button>
      <Button variant="outline" asChild>
        <Link to={`/campaigns/${campaignID}/reporting/creative/${current.id}`}>Report</Link>
      </Button>
      <ConfirmDelete
        name={current.name}
        what="creative"
        consequence="Its assets and live creatives are removed, and its ad tags stop serving."
        variant="danger"
        size="md"
        onConfirm={() =>
          actions.remove.mutate(creativeID, {
            onSuccess: () => navigate(`/campaigns/${campaignID}`, { replace: true }),
            onError: showError(MESSAGES.creativeNotDeleted),
          })
        }
      />
    </div>
  );
}
