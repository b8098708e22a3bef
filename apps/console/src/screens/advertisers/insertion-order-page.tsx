// /advertisers/{advertiserID}/orders/{orderID} (docs/product.md §2): an insertion order's budget against
// what its campaigns booked, delivered and spent (a bar of the budget spent, red once over it), its
// campaigns, and Edit and Delete (its campaigns keep running, unlinked).
import {
  ADVERTISER_MESSAGES,
  type Advertiser,
  type CreateInsertionOrderRequest,
  formatMoney,
  type InsertionOrderOverview,
} from '@adconsole/domain';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Skeleton,
} from '@adconsole/ui';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ConfirmDelete } from '../../components/confirm-delete';
import { Loaded } from '../../components/loaded';
import { showError } from '../../lib/notify-error';
import { formatCount, formatFlight } from '../campaigns/format';
import { AdvertiserCampaignsTable } from './advertiser-campaigns';
import { InsertionOrderDialog } from './advertiser-dialogs';
import { advertiserPath } from './advertiser-keys';
import { useAdvertiserOverview, useInsertionOrder, useInsertionOrderMutations } from './advertiser-queries';
import { OrderProgress, overBudget } from './order-progress';

export function InsertionOrderPage() {
  const { advertiserID = '', orderID = '' } = useParams();
  const navigate = useNavigate();
  const order = useInsertionOrder(orderID);
  // The advertiser's name (the breadcrumbs, the dialog) and campaigns (those the order may fund).
  const overview = useAdvertiserOverview(advertiserID);
  const { update, remove } = useInsertionOrderMutations();
  return (
    <Loaded
      data={order.data}
      error={order.error}
      errorText={ADVERTISER_MESSAGES.insertionOrderNotFound}
      loading={<Skeleton className="h-64" aria-label="Loading insertion order" />}
    >
      {(data) => (
        <InsertionOrderView
          order={data}
          advertiser={overview.data?.advertiser}
          advertiserCampaigns={overview.data?.campaigns}
          onSave={(body) => update.mutateAsync({ ...body, id: orderID })}
          onDelete={() =>
            remove.mutate(orderID, {
              onSuccess: () => navigate(advertiserPath(advertiserID)),
              onError: showError(ADVERTISER_MESSAGES.insertionOrderNotDeleted),
            })
          }
        />
      )}
    </Loaded>
  );
}

export interface InsertionOrderViewProps {
  order: InsertionOrderOverview;
  /** The order's advertiser; undefined while it loads (Edit waits for it). */
  advertiser: Advertiser | undefined;
  /** The advertiser's campaigns: those Edit offers to fund. */
  advertiserCampaigns: readonly { id: string; name: string }[] | undefined;
  onSave: (body: CreateInsertionOrderRequest) => Promise<unknown>;
  onDelete: () => void;
}

/** The page itself, props only. */
export function InsertionOrderView({
  order,
  advertiser,
  advertiserCampaigns,
  onSave,
  onDelete,
}: InsertionOrderViewProps) {
  const [editing, setEditing] = useState(false);
  const over = overBudget(order);
  const money = (amount: number) => formatMoney(amount, order.currency);
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <p className="font-mono text-muted-foreground text-sm">{order.poNumber}</p>
          <h1 className="font-semibold text-2xl [overflow-wrap:anywhere]">{order.name}</h1>
          <p className="text-muted-foreground text-sm">
            {advertiser ? `${advertiser.name} · ` : ''}
            {formatFlight(order.start?.date, order.end?.date)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setEditing(true)} disabled={!advertiser}>
            Edit insertion order
          </Button>
          <ConfirmDelete
            name={order.poNumber}
            what="insertion order"
            variant="outline"
            size="md"
            consequence="Its campaigns keep running, funded by no order."
            onConfirm={onDelete}
          />
        </div>
      </div>
      {over ? (
        <Alert variant="danger" data-slot="over-budget">
          <AlertTitle>Over budget by {money(order.spent - order.budget)}</AlertTitle>
          <AlertDescription className="text-foreground">
            Its campaigns spent {money(order.spent)} of a {money(order.budget)} budget. Pause them, or raise
            the budget with the advertiser’s new order.
          </AlertDescription>
        </Alert>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle level={2}>Budget</CardTitle>
        </CardHeader>
        <CardContent className="@container grid gap-6">
          <dl className="grid grid-cols-2 gap-4 @lg:grid-cols-4" data-slot="order-figures">
            <Figure term="Budget" value={money(order.budget)} />
            <Figure term="Booked" value={money(order.booked)} note="What its campaigns book" />
            <Figure term="Spent" value={money(order.spent)} />
            <Figure
              term={order.left < 0 ? 'Over' : 'Left'}
              value={money(Math.abs(order.left))}
              alert={over}
            />
          </dl>
          <OrderProgress order={order} label={`${order.poNumber} budget spent`} className="max-w-xl" />
          <dl className="grid grid-cols-2 gap-4 @lg:grid-cols-4" data-slot="order-delivered">
            <Figure term="Impressions" value={formatCount(order.delivered.impressions)} />
            <Figure term="Clicks" value={formatCount(order.delivered.clicks)} />
            <Figure term="Completes" value={formatCount(order.delivered.completes)} />
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle level={2}>Campaigns</CardTitle>
        </CardHeader>
        <CardContent>
          {order.campaigns.length === 0 ? (
            <p className="text-muted-foreground text-sm">
              The order funds no campaign yet: choose its campaigns in Edit, or the order in a campaign’s
              Edit.
            </p>
          ) : (
            <AdvertiserCampaignsTable
              campaigns={order.campaigns}
              currency={order.currency}
              caption={`Campaigns of ${order.poNumber}`}
            />
          )}
        </CardContent>
      </Card>
      {advertiser ? (
        <InsertionOrderDialog
          open={editing}
          onOpenChange={setEditing}
          advertiser={advertiser}
          campaigns={advertiserCampaigns ?? order.campaigns}
          order={order}
          onSave={onSave}
        />
      ) : null}
    </div>
  );
}

function Figure({
  term,
  value,
  note,
  alert,
}: {
  term: string;
  value: string;
  note?: string;
  alert?: boolean;
}) {
  return (
    <div className="grid content-start gap-0.5">
      <dt className="text-muted-foreground text-sm">{term}</dt>
      <dd className={`font-semibold text-xl tabular-nums ${alert ? 'text-destructive' : ''}`}>{value}</dd>
      {note ? <dd className="text-muted-foreground text-xs">{note}</dd> : null}
    </div>
  );
}
