// The campaign list's table and the controls above it: a search, a status filter and sortable columns
// (name, flight, lifetime impressions, clicks and CTR). The page keeps the choices in its address and the
// server applies them across every page (the domain's filterAndSortCampaigns).

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

export function CampaignTable({ campaigns, filter, onSort, actions, now }: CampaignTableProps) {
  const head = (sort: CampaignSort, label: string, numeric = false) => (
    <SortableTableHead sorted={sortedBy(filter, sort)} onSort={() => onSort(sort)} numeric={numeric}>
      {label}
    </SortableTableHead>
  );
  // The pacing column shows when a campaign of the page books a goal (its pacing is answered).
  const pacing = campaigns.some((campaign) => campaign.pacing);
  return (
    <Table aria-label="Campaigns">
      <TableHeader>
        <TableRow>
          {head('name', 'Name')}
          <TableHead data-numeric>Creatives</TableHead>
          {head('impressions', `${FIGURE.impressions.label} (lifetime)`, true)}
          {head('clicks', `${FIGURE.clicks.label} (lifetime)`, true)}
          {head('ctr', FIGURE.ctr.label, true)}
          {pacing ? <TableHead>Pacing</TableHead> : null}
          {head('flight', 'Flight')}
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {campaigns.map((campaign) => (
          <TableRow key={campaign.id}>
            {/* Name and flight wrap (a long name, a long zone) so the row fits a 1440 px window with its
                Delete in view; the figures and the actions keep to one line. */}
            <TableCell className="min-w-48 whitespace-normal">
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
            <TableCell data-numeric>{campaign.creatives.length}</TableCell>
            <TableCell data-numeric>{formatCount(campaign.data.impressions)}</TableCell>
            <TableCell data-numeric>{formatCount(campaign.data.clicks)}</TableCell>
            <TableCell data-numeric>
              {campaign.data.impressions ? percent.format(campaignCtr(campaign)) : '—'}
            </TableCell>
            {pacing ? (
              <TableCell>
                {campaign.pacing ? (
                  <PacingStatusBadge pacing={campaign.pacing} compact locale="en-US" />
                ) : (
                  <span className="text-muted-foreground">No goal</span>
                )}
              </TableCell>
            ) : null}
            <TableCell className="min-w-44 whitespace-normal">
              <FlightBadge
                flight={campaign.data}
                serving={campaign.creatives.some((creative) => creative.liveCreatives.length > 0)}
                archived={Boolean(campaign.archivedAt)}
                {...(now ? { now } : {})}
              />
            </TableCell>
            <TableCell className="w-px text-right">{actions?.(campaign)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The sort after a click on a column's header: the same column flips its direction, another starts at its default. */
export function nextCampaignSort(filter: CampaignListFilter, sort: CampaignSort): CampaignListFilter {
  const current = sortedBy(filter, sort);
  if (current === false) return { ...filter, sort, order: undefined };
  return { ...filter, sort, order: current === 'asc' ? 'desc' : 'asc' };
}
