// The campaign form's advertiser, chosen from the user's advertisers (docs/product.md §3), and the
// insertion order of that advertiser that funds it (optional). Each is one value of the campaign body,
// `advertiserId` and `insertionOrderId` (null: none); choosing another advertiser clears the order, which
// must be of the campaign's advertiser, and moves a booked rate to the advertiser's currency (a rate is
// in its advertiser's currency).
import { ChoiceSelect, Field } from '@adconsole/ui';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';

/** What the form offers: the user's advertisers, and the chosen one's insertion orders. */
export interface CampaignAdvertiserChoices {
  /** The user's advertisers (the campaign's own among them), with their currency; undefined while they load. */
  advertisers: readonly { id: string; name: string; currency?: string | undefined }[] | undefined;
  /** The chosen advertiser's insertion orders; undefined while they load (or none is chosen). */
  insertionOrders: readonly { id: string; poNumber: string; name: string }[] | undefined;
}

const NO_ORDER = 'none';

export function AdvertiserFields<TValues extends FieldValues, TContext, TOutput>({
  control,
  choices,
  errors,
}: {
  control: Control<TValues, TContext, TOutput>;
  choices: CampaignAdvertiserChoices;
  errors: { advertiserId?: string | undefined; insertionOrderId?: string | undefined };
}) {
  const advertiser = useController({ control, name: 'advertiserId' as FieldPath<TValues> });
  const order = useController({ control, name: 'insertionOrderId' as FieldPath<TValues> });
  const rate = useController({ control, name: 'data.rate' as FieldPath<TValues> });
  const advertiserId = (advertiser.field.value as string | null | undefined) ?? undefined;
  const orderId = (order.field.value as string | null | undefined) ?? NO_ORDER;
  const orders = choices.insertionOrders ?? [];
  const chosen = choices.advertisers?.find((each) => each.id === advertiserId);
  return (
    <div className="grid gap-4 sm:grid-cols-2" data-slot="campaign-advertiser">
      <Field
        label="Advertiser"
        description={
          chosen?.currency
            ? `Rates and budgets are in its currency, ${chosen.currency}. Video ads name it to players.`
            : advertiserId
              ? 'Video ads name it to players and verification vendors.'
              : 'None chosen: Unassigned.'
        }
        error={errors.advertiserId}
      >
        {(controlProps) => (
          <ChoiceSelect
            {...controlProps}
            ref={advertiser.field.ref}
            choices={(choices.advertisers ?? []).map((each) => ({ value: each.id, label: each.name }))}
            value={advertiserId}
            placeholder={choices.advertisers ? 'Choose an advertiser' : 'Loading advertisers…'}
            disabled={!choices.advertisers}
            onValueChange={(id) => {
              if (id === advertiserId) return;
              advertiser.field.onChange(id);
              // An order funds campaigns of its own advertiser only.
              order.field.onChange(null);
              const currency = choices.advertisers?.find((each) => each.id === id)?.currency;
              const booked = rate.field.value as { currency: string } | null | undefined;
              if (currency && booked && booked.currency !== currency)
                rate.field.onChange({ ...booked, currency });
            }}
          />
        )}
      </Field>
      <Field
        label="Insertion order (optional)"
        description="The advertiser’s order that funds the campaign."
        error={errors.insertionOrderId}
      >
        {(controlProps) => (
          <ChoiceSelect
            {...controlProps}
            ref={order.field.ref}
            choices={[
              { value: NO_ORDER, label: 'No insertion order' },
              ...orders.map((each) => ({ value: each.id, label: `${each.poNumber} · ${each.name}` })),
            ]}
            value={orderId}
            disabled={!advertiserId || !choices.insertionOrders}
            onValueChange={(id) => order.field.onChange(id === NO_ORDER ? null : id)}
          />
        )}
      </Field>
    </div>
  );
}
