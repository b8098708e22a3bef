// The advertiser screens' dialogs (docs/console.md, "Advertisers and insertion orders"): a new or changed
// advertiser (the forms package's AdvertiserForm) and a new or changed insertion order
// (InsertionOrderForm). Each keeps the server's refusal in the form and closes once its action
// succeeded. Props in, no fetching.
import {
  ADVERTISER_MESSAGES,
  type Advertiser,
  type CreateAdvertiserRequest,
  type CreateInsertionOrderRequest,
  type InsertionOrder,
} from '@adconsole/domain';
import { AdvertiserForm, type InsertionOrderCampaignChoice, InsertionOrderForm } from '@adconsole/forms';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@adconsole/ui';
import { useDialogAction } from '../../lib/dialog-action';

/** A new advertiser, or (with `advertiser`) a change of one. */
export function AdvertiserDialog({
  open,
  onOpenChange,
  advertiser,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  advertiser?: Advertiser | undefined;
  onSave: (body: CreateAdvertiserRequest) => Promise<unknown>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{advertiser ? `Edit ${advertiser.name}` : 'New advertiser'}</DialogTitle>
          <DialogDescription>
            {advertiser
              ? 'Its campaigns and orders follow the new name; statements quote the billing contact.'
              : 'Whom campaigns advertise for: its currency prices their rates, budgets and orders.'}
          </DialogDescription>
        </DialogHeader>
        {/* Inside the content: each opening starts from the advertiser as saved. */}
        <AdvertiserDialogForm advertiser={advertiser} onOpenChange={onOpenChange} onSave={onSave} />
      </DialogContent>
    </Dialog>
  );
}

function AdvertiserDialogForm({
  advertiser,
  onOpenChange,
  onSave,
}: {
  advertiser: Advertiser | undefined;
  onOpenChange: (open: boolean) => void;
  onSave: (body: CreateAdvertiserRequest) => Promise<unknown>;
}) {
  const { serverError, run } = useDialogAction(
    onOpenChange,
    advertiser ? ADVERTISER_MESSAGES.advertiserNotSaved : ADVERTISER_MESSAGES.advertiserNotCreated,
  );
  return (
    <AdvertiserForm
      advertiser={advertiser}
      serverError={serverError}
      onSubmit={(body) => run(() => onSave(body))}
    />
  );
}

/** A new insertion order of the advertiser, or (with `order`) a change of one. */
export function InsertionOrderDialog({
  open,
  onOpenChange,
  advertiser,
  campaigns,
  order,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  advertiser: Pick<Advertiser, 'id' | 'name' | 'currency'>;
  /** The advertiser's campaigns: those the order may fund. */
  campaigns: readonly InsertionOrderCampaignChoice[];
  order?: InsertionOrder | undefined;
  onSave: (body: CreateInsertionOrderRequest) => Promise<unknown>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{order ? `Edit ${order.poNumber}` : 'New insertion order'}</DialogTitle>
          <DialogDescription>
            {advertiser.name}’s signed order: its budget, in {advertiser.currency}, funds the campaigns
            chosen.
          </DialogDescription>
        </DialogHeader>
        <InsertionOrderDialogForm
          advertiser={advertiser}
          campaigns={campaigns}
          order={order}
          onOpenChange={onOpenChange}
          onSave={onSave}
        />
      </DialogContent>
    </Dialog>
  );
}

function InsertionOrderDialogForm({
  advertiser,
  campaigns,
  order,
  onOpenChange,
  onSave,
}: {
  advertiser: Pick<Advertiser, 'id' | 'currency'>;
  campaigns: readonly InsertionOrderCampaignChoice[];
  order: InsertionOrder | undefined;
  onOpenChange: (open: boolean) => void;
  onSave: (body: CreateInsertionOrderRequest) => Promise<unknown>;
}) {
  const { serverError, run } = useDialogAction(
    onOpenChange,
    order ? ADVERTISER_MESSAGES.insertionOrderNotSaved : ADVERTISER_MESSAGES.insertionOrderNotCreated,
  );
  return (
    <InsertionOrderForm
      advertiserId={advertiser.id}
      currency={advertiser.currency}
      campaigns={campaigns}
      order={order}
      serverError={serverError}
      onSubmit={(body) => run(() => onSave(body))}
    />
  );
}
