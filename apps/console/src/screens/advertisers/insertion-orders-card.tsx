// The advertiser page's "Insertion orders" card: each order's PO number (linking to its page), name,
// flight, budget, what its campaigns spent and what is left, with a bar of the budget spent; and "New
// insertion order" (its form offers the advertiser's campaigns to fund). Props only.
import type {
  Advertiser,
  AdvertiserCampaignRow,
  CreateInsertionOrderRequest,
  InsertionOrderFigures,
} from '@adconsole/domain';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@adconsole/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatFlight } from '../campaigns/format';
import { moneyOrDash } from './advertiser-campaigns';
import { InsertionOrderDialog } from './advertiser-dialogs';
import { orderPath } from './advertiser-keys';
import { OrderProgress, overBudget } from './order-progress';

export function InsertionOrdersCard({
  advertiser,
  orders,
  campaigns,
  onCreate,
}: {
  advertiser: Pick<Advertiser, 'id' | 'name' | 'currency'>;
  orders: readonly InsertionOrderFigures[];
  /** The advertiser's campaigns: a new order may fund any of them. */
  campaigns: readonly Pick<AdvertiserCampaignRow, 'id' | 'name'>[];
  /**
   * Makes the order (the dialog keeps a refusal's message). Absent: read-only (a client's view, docs/
   * security.md "Client access"): no "New insertion order", and the orders are not links (their pages are
   * the owner's).
   */
  onCreate?: ((body: CreateInsertionOrderRequest) => Promise<unknown>) | undefined;
}) {
  const [creating, setCreating] = useState(false);
  const numeric = 'text-right tabular-nums';
  return (
    <Card data-slot="insertion-orders-card">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle level={2}>Insertion orders</CardTitle>
          <CardDescription>
            The advertiser’s signed orders: each budget against what its campaigns spent.
          </CardDescription>
        </div>
        {onCreate ? (
          <Button variant="outline" onClick={() => setCreating(true)}>
            New insertion order
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {orders.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            No insertion orders yet. Add the advertiser’s purchase order with its budget, and the campaigns it
            funds, to follow what is spent against it.
          </p>
        ) : (
          <Table aria-label="Insertion orders">
            <TableHeader>
              <TableRow>
                <TableHead>Order</TableHead>
                <TableHead>Budget spent</TableHead>
                <TableHead className="text-right">Budget</TableHead>
                <TableHead className="text-right">Spent</TableHead>
                <TableHead className="text-right">Left</TableHead>
                <TableHead>Flight</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {orders.map((order) => (
                <TableRow key={order.id}>
                  {/* The order and how much of it is spent first: what a phone shows before it scrolls. */}
                  <TableCell className="min-w-36 [overflow-wrap:anywhere]">
                    {onCreate ? (
                      <Link
                        to={orderPath(advertiser.id, order.id)}
                        className="font-medium font-mono text-primary hover:underline"
                      >
                        {order.poNumber}
                      </Link>
                    ) : (
                      <span className="font-medium font-mono">{order.poNumber}</span>
                    )}
                    <p className="text-sm">{order.name}</p>
                  </TableCell>
                  <TableCell>
                    <OrderProgress order={order} label={`${order.poNumber} budget spent`} />
                  </TableCell>
                  <TableCell className={numeric}>{moneyOrDash(order.budget, order.currency)}</TableCell>
                  <TableCell className={numeric}>{moneyOrDash(order.spent, order.currency)}</TableCell>
                  <TableCell
                    className={`${numeric} ${overBudget(order) ? 'font-medium text-destructive' : ''}`}
                  >
                    {moneyOrDash(order.left, order.currency)}
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-sm">
                    {formatFlight(order.start?.date, order.end?.date)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      {onCreate ? (
        <InsertionOrderDialog
          open={creating}
          onOpenChange={setCreating}
          advertiser={advertiser}
          campaigns={campaigns}
          onSave={onCreate}
        />
      ) : null}
    </Card>
  );
}
