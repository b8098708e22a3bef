// /advertisers (docs/product.md §2): the user's advertisers (name, currency, campaigns and how many of
// them are live, billing contact) and "New
// advertiser", which opens the new advertiser's page once it is made. The owner's Unassigned advertiser
// (the campaigns that named none) is listed last, as such.
import {
  ADVERTISER_MESSAGES,
  type Advertiser,
  type AdvertiserListItem,
  type CreateAdvertiserRequest,
} from '@adconsole/domain';
import {
  Badge,
  Button,
  Card,
  CardContent,
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
import { Link, useNavigate } from 'react-router-dom';
import { Loaded } from '../../components/loaded';
import { useReadOnly } from '../../session/permissions';
import { AdvertiserDialog } from './advertiser-dialogs';
import { advertiserPath } from './advertiser-keys';
import { useAdvertiserMutations, useAdvertisers } from './advertiser-queries';

export function AdvertiserListPage() {
  const navigate = useNavigate();
  const list = useAdvertisers();
  const { create } = useAdvertiserMutations();
  // A client reads its advertisers and makes none (docs/security.md, "Client access").
  const readOnly = useReadOnly();
  return (
    <AdvertisersView
      advertisers={list.data}
      error={list.error}
      onCreate={
        readOnly
          ? undefined
          : async (body) => {
              const made = await create.mutateAsync(body);
              navigate(advertiserPath(made.id));
            }
      }
    />
  );
}

export interface AdvertisersViewProps {
  /** Undefined while they load. */
  advertisers: readonly AdvertiserListItem[] | undefined;
  error?: unknown;
  /** Makes the advertiser (the dialog keeps a refusal's message); absent: read-only (a client's). */
  onCreate?: ((body: CreateAdvertiserRequest) => Promise<unknown>) | undefined;
}

/** Named ones by name, the Unassigned advertiser last. */
const listOrder = (advertisers: readonly AdvertiserListItem[]) =>
  [...advertisers].sort(
    (a, b) => Number(a.unnamed) - Number(b.unnamed) || a.name.localeCompare(b.name, 'en'),
  );

/** The page itself, props only: the heading, the list (or its empty state) and the new advertiser's dialog. */
export function AdvertisersView({ advertisers, error, onCreate }: AdvertisersViewProps) {
  const [creating, setCreating] = useState(false);
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="font-semibold text-2xl">Advertisers</h1>
          <p className="text-muted-foreground text-sm">
            Whom your campaigns advertise for: their currency, billing contact and insertion orders.
          </p>
        </div>
        {onCreate ? <Button onClick={() => setCreating(true)}>New advertiser</Button> : null}
      </div>
      <Loaded
        data={advertisers}
        error={error}
        errorText={ADVERTISER_MESSAGES.advertisersNotLoaded}
        loading={<Skeleton className="h-48" aria-label="Loading advertisers" />}
      >
        {(loaded) =>
          loaded.length === 0 ? (
            <Card>
              <CardContent>
                <EmptyState
                  title="No advertisers yet"
                  description="Add the advertisers you run campaigns for, with their currency and billing contact."
                  action={
                    onCreate ? (
                      <Button onClick={() => setCreating(true)}>Create an advertiser</Button>
                    ) : undefined
                  }
                />
              </CardContent>
            </Card>
          ) : (
            <Card>
              <CardContent>
                <AdvertiserTable advertisers={listOrder(loaded)} />
              </CardContent>
            </Card>
          )
        }
      </Loaded>
      {onCreate ? <AdvertiserDialog open={creating} onOpenChange={setCreating} onSave={onCreate} /> : null}
    </div>
  );
}

function AdvertiserTable({ advertisers }: { advertisers: readonly AdvertiserListItem[] }) {
  return (
    <Table aria-label="Advertisers">
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Currency</TableHead>
          <TableHead className="text-right">Campaigns</TableHead>
          <TableHead>Billing contact</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {advertisers.map((advertiser) => (
          <TableRow key={advertiser.id}>
            <TableCell className="[overflow-wrap:anywhere]">
              <Link to={advertiserPath(advertiser.id)} className="font-medium text-primary hover:underline">
                {advertiser.name}
              </Link>
              {advertiser.unnamed ? (
                <p className="text-muted-foreground text-xs">Campaigns that name no advertiser</p>
              ) : null}
              {advertiser.ownerEmail ? (
                <p className="text-muted-foreground text-xs">{advertiser.ownerEmail}</p>
              ) : null}
            </TableCell>
            <TableCell>
              <Badge variant="outline" className="font-mono">
                {advertiser.currency}
              </Badge>
            </TableCell>
            <TableCell className="text-right tabular-nums">
              {advertiser.campaignCount.toLocaleString('en-US')}
              <p className="text-muted-foreground text-xs">
                {advertiser.liveCount > 0
                  ? `${advertiser.liveCount.toLocaleString('en-US')} live`
                  : 'none live'}
              </p>
            </TableCell>
            <TableCell className="[overflow-wrap:anywhere]">
              <BillingContact advertiser={advertiser} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The billing contact's name over its e-mail; a dash without either. */
export function BillingContact({
  advertiser,
}: {
  advertiser: Pick<Advertiser, 'billingName' | 'billingEmail'>;
}) {
  if (!advertiser.billingName && !advertiser.billingEmail)
    return <span className="text-muted-foreground">—</span>;
  return (
    <span className="grid">
      {advertiser.billingName ? <span>{advertiser.billingName}</span> : null}
      {advertiser.billingEmail ? (
        <a
          href={`mailto:${advertiser.billingEmail}`}
          className="text-muted-foreground text-sm hover:underline"
        >
          {advertiser.billingEmail}
        </a>
      ) : null}
    </span>
  );
}
