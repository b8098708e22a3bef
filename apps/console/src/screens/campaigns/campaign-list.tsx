// /campaigns: the user's campaigns ('mine') or, for admins, all campaigns; paginated, grouped as a list.

import { errorMessage } from '@adconsole/domain';
import {
  Alert,
  AlertDescription,
  Button,
  EmptyState,
  Pagination,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  Tabs,
  TabsList,
  TabsTrigger,
} from '@adconsole/ui';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ConfirmDelete } from '../../components/confirm-delete';
import { LoadingRows } from '../../components/loading-rows';
import { showError } from '../../lib/notify-error';
import { useSession } from '../../session/session';
import { type CampaignView, useCampaignList, useDeleteCampaign } from './campaign-queries';
import { FlightBadge } from './flight-badge';
import { formatCount } from './format';
import { NewCampaignDialog } from './new-campaign-dialog';

export function CampaignListPage() {
  const session = useSession();
  const isAdmin = session?.user.role === 'admin';
  const [params, setParams] = useSearchParams();
  const view: CampaignView = isAdmin && params.get('view') === 'all' ? 'all' : 'mine';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useCampaignList(view, page);
  const remove = useDeleteCampaign();
  const [creating, setCreating] = useState(false);

  const go = (change: { view?: CampaignView; page?: number }) =>
    setParams({ view: change.view ?? view, page: String(change.page ?? page) });

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-semibold text-2xl">Campaigns</h1>
        <div className="flex items-center gap-3">
          {isAdmin ? (
            <Tabs value={view} onValueChange={(value) => go({ view: value as CampaignView, page: 1 })}>
              <TabsList aria-label="Which campaigns">
                <TabsTrigger value="mine">Mine</TabsTrigger>
                <TabsTrigger value="all">All</TabsTrigger>
              </TabsList>
            </Tabs>
          ) : null}
          <Button onClick={() => setCreating(true)}>New campaign</Button>
        </div>
      </div>

      {list.isError ? (
        <Alert variant="danger">
          <AlertDescription>
            {errorMessage(list.error, 'The campaigns could not be loaded.')}
          </AlertDescription>
        </Alert>
      ) : list.isPending ? (
        <LoadingRows label="Loading campaigns" rowClassName="h-10" />
      ) : list.data.campaigns.length === 0 ? (
        <EmptyState
          title="No campaigns yet"
          description="Create a campaign, add creatives to it and get their ad tags."
          action={<Button onClick={() => setCreating(true)}>Create your first campaign</Button>}
        />
      ) : (
        <>
          <Table aria-label="Campaigns">
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead className="text-right">Creatives</TableHead>
                <TableHead className="text-right">Impressions</TableHead>
                <TableHead className="text-right">Clicks</TableHead>
                <TableHead>Flight</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.data.campaigns.map((campaign) => (
                <TableRow key={campaign.id}>
                  <TableCell>
                    <Link
                      to={`/campaigns/${campaign.id}`}
                      className="font-medium text-primary hover:underline"
                    >
                      {campaign.name}
                    </Link>
                  </TableCell>
                  <TableCell className="text-right">{campaign.creatives.length}</TableCell>
                  <TableCell className="text-right">{formatCount(campaign.data.impressions)}</TableCell>
                  <TableCell className="text-right">{formatCount(campaign.data.clicks)}</TableCell>
                  <TableCell>
                    <FlightBadge flight={campaign.data} />
                  </TableCell>
                  <TableCell className="text-right">
                    <ConfirmDelete
                      name={campaign.name}
                      what="campaign"
                      consequence="The campaign, its creatives and their ad tags stop working. This cannot be undone."
                      onConfirm={() =>
                        remove.mutate(campaign.id, { onError: showError('The campaign was not deleted') })
                      }
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {list.data.pages > 1 ? (
            <Pagination page={page} pageCount={list.data.pages} onPageChange={(next) => go({ page: next })} />
          ) : null}
        </>
      )}
      <NewCampaignDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
