// /campaigns/{campaignID}: the campaign's details and its creatives (type, size, platform, live status),
// its placements and their A/B tests, its conversion actions.

import {
  type Campaign,
  type Creative,
  deliveryRulesSummary,
  MESSAGES,
  noDeliveryRules,
  platforms,
  UNASSIGNED_ADVERTISER_NAME,
} from '@adconsole/domain';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  EmptyState,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@adconsole/ui';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ConfirmDelete } from '../../components/confirm-delete';
import { Loaded } from '../../components/loaded';
import { showError } from '../../lib/notify-error';
import { PreviewLinksCard } from '../approval/preview-links';
import { creativePath, newCreativePath } from '../creatives/creative-paths';
import { useCreativeMutations } from '../creatives/creative-queries';
import { ArchiveCampaign } from './archive-campaign';
import { BulkUploadAction } from './bulk-upload-action';
import { CampaignBudget } from './campaign-budget';
import { CampaignConversions } from './campaign-conversions';
import { CampaignDeliveryRules } from './campaign-delivery-rules';
import { CampaignGoal } from './campaign-goal';
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
import { FlightBadge } from './flight-badge';
import { formatCount, formatDay } from './format';
import { PauseCampaign, pausedLine } from './pause-campaign';
import { usePlacements } from './placement-queries';
import { useCampaignTagSheet } from './tag-sheet-queries';

const platformName = (id: string | null | undefined) =>
  platforms.find((platform) => platform.id === id)?.name ?? 'No platform';

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
  const history = useCampaignHistory(campaignID);
  const creatives = useCreativeMutations(campaignID);
  const [editing, setEditing] = useState(false);
  const [duplicating, setDuplicating] = useState(false);
  const duplicate = useDuplicateCampaign();
  const archive = useArchiveCampaign();
  const pause = usePauseCampaign();
  const paused = pausedLine(data.pausedAt, data.pausedBy);
  // A new creative is made in its editor and stored by its first save: leaving before it stores nothing.

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="font-semibold text-2xl">{data.name}</h1>
          {data.advertiserId || data.data.advertiser ? (
            <p className="text-sm" data-slot="campaign-advertiser">
              <span className="text-muted-foreground">Advertiser:</span>{' '}
              {data.advertiserId ? (
                <Link to={`/advertisers/${data.advertiserId}`} className="text-primary hover:underline">
                  {data.data.advertiser ?? UNASSIGNED_ADVERTISER_NAME}
                </Link>
              ) : (
                data.data.advertiser
              )}
            </p>
          ) : null}
          <p className="flex flex-wrap items-center gap-2 text-muted-foreground text-sm">
            <FlightBadge
              flight={data.data}
              serving={data.creatives.some((creative) => creative.liveCreatives.length > 0)}
              archived={Boolean(data.archivedAt)}
              paused={Boolean(data.pausedAt)}
            />{' '}
            · updated {formatDay(data.updatedAt)}
          </p>
          {paused ? (
            <p className="text-muted-foreground text-sm" data-slot="campaign-paused">
              {paused}: its ads serve nothing until it is resumed.
            </p>
          ) : null}
          {noDeliveryRules(data.deliveryRules) ? null : (
            <p className="text-muted-foreground text-sm" data-slot="delivery-summary">
              Serves: {deliveryRulesSummary(data.deliveryRules, data.data.timezone ?? 'UTC')}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setEditing(true)}>
            Edit campaign
          </Button>
          <Button variant="outline" onClick={() => setDuplicating(true)}>
            Duplicate campaign
          </Button>
          <PauseCampaign
            name={data.name}
            pausedAt={data.pausedAt}
            pending={pause.isPending}
            onPause={() =>
              pause.mutate({ campaignID, paused: true }, { onError: showError(MESSAGES.campaignNotPaused) })
            }
            onResume={() =>
              pause.mutate({ campaignID, paused: false }, { onError: showError(MESSAGES.campaignNotResumed) })
            }
          />
          <ArchiveCampaign
            name={data.name}
            archived={Boolean(data.archivedAt)}
            pending={archive.isPending}
            onArchive={() =>
              archive.mutate(
                { campaignID, archived: true },
                { onError: showError(MESSAGES.campaignNotArchived) },
              )
            }
            onUnarchive={() =>
              archive.mutate(
                { campaignID, archived: false },
                { onError: showError(MESSAGES.campaignNotUnarchived) },
              )
            }
          />
          <CampaignTagsAction campaignID={campaignID} creatives={data.creatives} />
          <Button variant="outline" asChild>
            <Link to={`/campaigns/${campaignID}/reporting`}>Reporting</Link>
          </Button>
          <Button variant="outline" asChild>
            <Link to={`/campaigns/${campaignID}/alerts`}>Alerts</Link>
          </Button>
          <Button variant="outline" asChild>
            <Link to="/builder">Build a banner</Link>
          </Button>
          <BulkUploadAction campaignID={campaignID} />
          <Button asChild>
            <Link to={newCreativePath(campaignID)}>New creative</Link>
          </Button>
        </div>
      </div>
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
      <CampaignGoal campaign={data} onEdit={() => setEditing(true)} />
      <CampaignBudget status={data.budgetStatus} />
      <Card>
        <CardHeader>
          <CardTitle level={2}>Creatives</CardTitle>
        </CardHeader>
        <CardContent>
          {data.creatives.length === 0 ? (
            <EmptyState
              title="No creatives yet"
              description="Build a Banner, VAST or VPAID creative, publish it and get its ad tags."
              action={
                <Button asChild>
                  <Link to={newCreativePath(campaignID)}>Create a creative</Link>
                </Button>
              }
            />
          ) : (
            <Table aria-label="Creatives">
              <TableHeader>
                <TableRow>
                  <TableHead>Name</TableHead>
                  <TableHead>Type</TableHead>
                  <TableHead>Size</TableHead>
                  <TableHead>Platform</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.creatives.map((creative) => (
                  <CreativeRow
                    key={creative.id}
                    campaignID={campaignID}
                    creative={creative}
                    onDuplicate={() =>
                      creatives.duplicate.mutate(creative, {
                        onError: showError(MESSAGES.creativeNotDuplicated),
                      })
                    }
                    // Busy until the copy is in the list: a second click is not a second copy.
                    duplicating={
                      creatives.duplicate.isPending && creatives.duplicate.variables?.id === creative.id
                    }
                    onDelete={() =>
                      creatives.remove.mutate(creative.id, {
                        onError: showError(MESSAGES.creativeNotDeleted),
                      })
                    }
                  />
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
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

function CreativeRow({
  campaignID,
  creative,
  onDuplicate,
  duplicating,
  onDelete,
}: {
  campaignID: string;
  creative: Creative;
  onDuplicate: () => void;
  /** Its copy is being made: the button is busy. */
  duplicating: boolean;
  onDelete: () => void;
}) {
  const live = creative.liveCreatives.length;
  return (
    <TableRow>
      <TableCell>
        <Link to={creativePath(campaignID, creative.id)} className="font-medium text-primary hover:underline">
          {creative.name}
        </Link>
      </TableCell>
      <TableCell>{creative.type}</TableCell>
      <TableCell>{creative.fluid ? 'Fluid' : creative.size}</TableCell>
      <TableCell>{platformName(creative.platform)}</TableCell>
      <TableCell>
        {live > 0 ? <Badge variant="success">Live ({live})</Badge> : <Badge variant="secondary">Draft</Badge>}
      </TableCell>
      <TableCell className="flex justify-end gap-1">
        <Button
          variant="ghost"
          size="sm"
          onClick={onDuplicate}
          loading={duplicating}
          aria-label={`Duplicate ${creative.name}`}
        >
          Duplicate
        </Button>
        <ConfirmDelete
          name={creative.name}
          what="creative"
          consequence="Its assets and live creatives are removed, and its ad tags stop serving."
          onConfirm={onDelete}
        />
      </TableCell>
    </TableRow>
  );
}
