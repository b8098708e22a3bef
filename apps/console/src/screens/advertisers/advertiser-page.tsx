// /advertisers/{advertiserID} (docs/product.md §2): the advertiser's facts (currency, billing contact,
// notes, approval, whether its clients see costs) and Edit; its insertion orders with their budgets spent;
// its campaigns with their delivery and spend; and the report by campaign over the days and zone picked.
// A client of the advertiser reads it read-only (docs/security.md, "Client access"): its facts, its
// campaigns, and the orders and money only where the advertiser lets it see costs (the API leaves them
// out otherwise); no Edit, no new order, no report by campaign (the owner's call).
import {
  ADVERTISER_MESSAGES,
  type AdvertiserOverview,
  type CreateAdvertiserRequest,
  type CreateInsertionOrderRequest,
  defaultReportingDates,
  reportDaysOf,
} from '@adconsole/domain';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, Skeleton } from '@adconsole/ui';
import { type ReactNode, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Loaded } from '../../components/loaded';
import { useReadOnly } from '../../session/permissions';
import { AdvertiserCampaignsTable } from './advertiser-campaigns';
import { AdvertiserDialog } from './advertiser-dialogs';
import { BillingContact } from './advertiser-list';
import {
  useAdvertiserMutations,
  useAdvertiserOverview,
  useAdvertiserReport,
  useInsertionOrderMutations,
} from './advertiser-queries';
import { AdvertiserReportCard, type AdvertiserReportState } from './advertiser-report';
import { InsertionOrdersCard } from './insertion-orders-card';

export function AdvertiserPage() {
  const { advertiserID = '' } = useParams();
  const overview = useAdvertiserOverview(advertiserID);
  const advertisers = useAdvertiserMutations();
  const orders = useInsertionOrderMutations();
  const readOnly = useReadOnly();
  return (
    <Loaded
      data={overview.data}
      error={overview.error}
      errorText={ADVERTISER_MESSAGES.advertiserNotFound}
      loading={<Skeleton className="h-64" aria-label="Loading advertiser" />}
    >
      {(data) => (
        <AdvertiserOverviewView
          overview={data}
          onSave={(body) => advertisers.update.mutateAsync({ ...body, id: advertiserID })}
          onCreateOrder={(body) => orders.create.mutateAsync(body)}
          readOnly={readOnly}
          report={readOnly ? undefined : <AdvertiserReportSection advertiserID={advertiserID} />}
        />
      )}
    </Loaded>
  );
}

/** The report card with its own state (days and zone) and query. */
function AdvertiserReportSection({ advertiserID }: { advertiserID: string }) {
  const [now] = useState(() => new Date());
  const [state, setState] = useState<AdvertiserReportState>(() => ({
    dates: defaultReportingDates(now, 'UTC'),
    timezone: 'UTC',
  }));
  const report = useAdvertiserReport(advertiserID, reportDaysOf(state.dates), state.timezone);
  return (
    <AdvertiserReportCard
      state={state}
      onChange={(next) => setState((current) => ({ ...current, ...next }))}
      report={report.data}
      error={report.error}
      now={now}
    />
  );
}

export interface AdvertiserOverviewViewProps {
  overview: AdvertiserOverview;
  onSave: (body: CreateAdvertiserRequest) => Promise<unknown>;
  onCreateOrder: (body: CreateInsertionOrderRequest) => Promise<unknown>;
  /** The report by campaign (its own state and query on the page). */
  report?: ReactNode;
  /** A client's view: no Edit, no new order, no notes, orders not linked. */
  readOnly?: boolean | undefined;
}

/** The page itself, props only. */
export function AdvertiserOverviewView({
  overview,
  onSave,
  onCreateOrder,
  report,
  readOnly = false,
}: AdvertiserOverviewViewProps) {
  const { advertiser, insertionOrders, campaigns } = overview;
  const [editing, setEditing] = useState(false);
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="font-semibold text-2xl [overflow-wrap:anywhere]">{advertiser.name}</h1>
          {advertiser.unnamed ? (
            <p className="text-muted-foreground text-sm">
              The campaigns that name no advertiser: choose one in a campaign’s Edit to move it.
            </p>
          ) : null}
        </div>
        {advertiser.unnamed || readOnly ? null : (
          <Button variant="outline" onClick={() => setEditing(true)}>
            Edit advertiser
          </Button>
        )}
      </div>
      <Card>
        <CardHeader>
          <CardTitle level={2}>Details</CardTitle>
        </CardHeader>
        <CardContent className="@container">
          <dl className="grid gap-4 text-sm @lg:grid-cols-3" data-slot="advertiser-facts">
            <Fact term="Currency">
              <Badge variant="outline" className="font-mono">
                {advertiser.currency}
              </Badge>
            </Fact>
            <Fact term="Billing contact">
              <BillingContact advertiser={advertiser} />
            </Fact>
            {readOnly ? null : (
              <Fact term="Notes">
                {advertiser.notes ? (
                  <span className="whitespace-pre-line [overflow-wrap:anywhere]">{advertiser.notes}</span>
                ) : (
                  <span className="text-muted-foreground">—</span>
                )}
              </Fact>
            )}
            <Fact term="Approval">
              {advertiser.requiresApproval ? 'Required before publishing' : 'Optional'}
            </Fact>
            {readOnly ? null : (
              <Fact term="Client sees costs">{advertiser.clientSeesCosts ? 'Yes' : 'No'}</Fact>
            )}
          </dl>
        </CardContent>
      </Card>
      {readOnly && insertionOrders.length === 0 ? null : (
        <InsertionOrdersCard
          advertiser={advertiser}
          orders={insertionOrders}
          campaigns={campaigns}
          onCreate={readOnly ? undefined : onCreateOrder}
        />
      )}
      <Card>
        <CardHeader>
          <CardTitle level={2}>Campaigns</CardTitle>
        </CardHeader>
        <CardContent>
          {campaigns.length === 0 ? (
            <p className="text-muted-foreground text-sm">
              No campaigns yet. Choose this advertiser when you create a campaign, or in a campaign’s Edit.
            </p>
          ) : (
            <AdvertiserCampaignsTable
              campaigns={campaigns}
              currency={advertiser.currency}
              orders={readOnly ? undefined : insertionOrders}
              caption={`Campaigns of ${advertiser.name}`}
              costs={!readOnly || advertiser.clientSeesCosts === true}
            />
          )}
        </CardContent>
      </Card>
      {report}
      {readOnly ? null : (
        <AdvertiserDialog open={editing} onOpenChange={setEditing} advertiser={advertiser} onSave={onSave} />
      )}
    </div>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-1">
      <dt className="text-muted-foreground">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
