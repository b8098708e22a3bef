// The campaign list's table and the controls above it: a search, a status filter and sortable columns
// (name, flight, lifetime impressions, clicks and CTR). The page keeps the choices in its address and the
// server applies them across every page (the domain's filterAndSortCampaigns). On a phone each row is a
// card (`narrow` below).

import { PacingStatusBadge } from '@adconsole/charts';
import {
  CAMPAIGN_STATUS_LABELS,
  CAMPAIGN_STATUSES,
  type Campaign,
  type CampaignListFilter,
  type CampaignSort,
  type CampaignStatus,
  campaignCtr,
  deliveryRulesSummary,
  FIGURE,
  noDeliveryRules,
} from '@adconsole/domain';
import {
  ChoiceSelect,
  cn,
  Input,
  SortableTableHead,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@adconsole/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FlightBadge } from './flight-badge';
import { formatCount } from './format';

const percent = new Intl.NumberFormat('en-US', { style: 'percent', minimumFractionDigits: 2 });

export interface CampaignControlsProps {
  filter: CampaignListFilter;
  onFilterChange: (filter: CampaignListFilter) => void;
}

const ANY_STATUS = 'any';
const statusChoices = [
  { value: ANY_STATUS, label: 'Any status' },
  ...CAMPAIGN_STATUSES.map((status) => ({ value: status, label: CAMPAIGN_STATUS_LABELS[status] })),
];

/** The search and the status filter. */
export function CampaignControls({ filter, onFilterChange }: CampaignControlsProps) {
  return (
    <div className="flex flex-wrap items-end gap-3" data-slot="campaign-controls">
      <Input
        type="search"
        aria-label="Search campaigns"
        placeholder="Search by name or advertiser"
        className="w-full sm:w-72"
        value={filter.q ?? ''}
        onChange={(event) => onFilterChange({ ...filter, q: event.target.value })}
      />
      <ChoiceSelect
        aria-label="Status"
        className="w-full sm:w-48"
        choices={statusChoices}
        value={filter.status ?? ANY_STATUS}
        onValueChange={(value) =>
          onFilterChange({
            ...filter,
            status: value === ANY_STATUS ? undefined : (value as CampaignStatus),
          })
        }
      />
    </div>
  );
}

export interface CampaignTableProps {
  campaigns: readonly Campaign[];
  filter: CampaignListFilter;
  onSort: (sort: CampaignSort) => void;
  /** The row's last cell (the delete button). */
  actions?: (campaign: Campaign) => ReactNode;
  /** The clock of the status badges (stories pin it). */
  now?: Date;
}

/** Whether the table is sorted by `sort`, and which way (the defaults of the domain's rule). */
function sortedBy(filter: CampaignListFilter, sort: CampaignSort): false | 'asc' | 'desc' {
  if ((filter.sort ?? 'newest') !== sort) return false;
  return filter.order ?? (sort === 'name' || sort === 'flight' ? 'asc' : 'desc');
}

/**
 * In a narrow list (under 42rem: a phone) each row is a card: the name, then the status and flight, then
 * the pacing, stacked, with the row's action beside them; the creatives and the lifetime figures (on the
 * campaign's page) leave, so nothing scrolls sideways. The same cells as the wide table: only their
 * placement changes (container queries), so the wide table is as it was.
 */
const narrow = {
  table: '@max-2xl:block',
  section: '@max-2xl:block',
  headRow: '@max-2xl:flex',
  row: '@max-2xl:grid @max-2xl:grid-cols-[minmax(0,1fr)_auto]',
  hidden: '@max-2xl:hidden',
  name: '@max-2xl:col-start-1 @max-2xl:row-start-1 @max-2xl:min-w-0 @max-2xl:pb-1',
  flight: '@max-2xl:col-start-1 @max-2xl:row-start-2 @max-2xl:min-w-0 @max-2xl:pt-0',
  pacing: '@max-2xl:col-start-1 @max-2xl:row-start-3 @max-2xl:pt-1',
  // Beside every stacked cell, in the middle of the card.
  actions: '@max-2xl:col-start-2 @max-2xl:row-start-1 @max-2xl:self-center @max-2xl:w-auto',
};

export function CampaignTable({ campaigns, filter, onSort, actions, now }: CampaignTableProps) {
  const head = (sort: CampaignSort, label: string, numeric = false, className?: string) => (
    <SortableTableHead
      sorted={sortedBy(filter, sort)}
      onSort={() => onSort(sort)}
      numeric={numeric}
      className={className}
    >
      {label}
    </SortableTableHead>
  );
  // The pacing column shows when a campaign of the page books a goal (its pacing is answered).
  const pacing = campaigns.some((campaign) => campaign.pacing);
  const actionRows = pacing ? '@max-2xl:row-span-3' : '@max-2xl:row-span-2';
  return (
    <div className="@container">
      <Table aria-label="Campaigns" className={narrow.table}>
        <TableHeader className={narrow.section}>
          <TableRow className={narrow.headRow}>
            {head('name', 'Name')}
            <TableHead data-numeric className={narrow.hidden}>
              Creatives
            </TableHead>
            {head('impressions', `${FIGURE.impressions.label} (lifetime)`, true, narrow.hidden)}
            {head('clicks', `${FIGURE.clicks.label} (lifetime)`, true, narrow.hidden)}
            {head('ctr', FIGURE.ctr.label, true, narrow.hidden)}
            {pacing ? <TableHead className={narrow.hidden}>Pacing</TableHead> : null}
            {head('flight', 'Flight')}
            <TableHead className={narrow.hidden}>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody className={narrow.section}>
          {campaigns.map((campaign) => (
            <TableRow key={campaign.id} className={narrow.row}>
              {/* Name and flight wrap (a long name, a long zone) so the row fits a 1440 px window with its
                  Delete in view; the figures and the actions keep to one line. */}
              <TableCell className={cn('min-w-48 whitespace-normal', narrow.name)}>
                <Link to={`/campaigns/${campaign.id}`} className="font-medium text-primary hover:underline">
                  {campaign.name}
                </Link>
                {campaign.data.advertiser ? (
                  <span className="block text-muted-foreground text-xs">{campaign.data.advertiser}</span>
                ) : null}
                {noDeliveryRules(campaign.deliveryRules) ? null : (
                  <span className="block text-muted-foreground text-xs" data-slot="delivery-summary">
                    {deliveryRulesSummary(campaign.deliveryRules, campaign.data.timezone ?? 'UTC')}
                  </span>
                )}
              </TableCell>
              <TableCell data-numeric className={narrow.hidden}>
                {campaign.creatives.length}
              </TableCell>
              <TableCell data-numeric className={narrow.hidden}>
                {formatCount(campaign.data.impressions)}
              </TableCell>
              <TableCell data-numeric className={narrow.hidden}>
                {formatCount(campaign.data.clicks)}
              </TableCell>
              <TableCell data-numeric className={narrow.hidden}>
                {campaign.data.impressions ? percent.format(campaignCtr(campaign)) : '—'}
              </TableCell>
              {pacing ? (
                <TableCell className={narrow.pacing}>
                  {campaign.pacing ? (
                    <PacingStatusBadge pacing={campaign.pacing} compact locale="en-US" />
                  ) : (
                    <span className="text-muted-foreground">No goal</span>
                  )}
                </TableCell>
              ) : null}
              <TableCell
                className={cn('min-w-44 whitespace-normal', narrow.flight)}
                data-slot="campaign-flight"
              >
                <FlightBadge
                  flight={campaign.data}
                  serving={campaign.creatives.some((creative) => creative.liveCreatives.length > 0)}
                  archived={Boolean(campaign.archivedAt)}
                  paused={Boolean(campaign.pausedAt)}
                  {...(now ? { now } : {})}
                />
              </TableCell>
              <TableCell className={cn('w-px text-right', narrow.actions, actionRows)}>
                {actions?.(campaign)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** The sort after a click on a column's header: the same column flips its direction, another starts at its default. */
export function nextCampaignSort(filter: CampaignListFilter, sort: CampaignSort): CampaignListFilter {
  const current = sortedBy(filter, sort);
  if (current === false) return { ...filter, sort, order: undefined };
  return { ...filter, sort, order: current === 'asc' ? 'desc' : 'asc' };
}
