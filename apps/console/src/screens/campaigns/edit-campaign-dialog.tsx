// Editing a campaign (docs/console.md, "Campaigns"): its name, advertiser, flight, timezone, goal, rate
// and click id parameter, with the inventory forecast of the campaign as typed (docs/console.md, "The
// inventory forecast"): its saved delivery rules, the flight, zone, goal and delivery mode in the form,
// and the campaign itself not its own contender, what it delivered counted.
import { type Campaign, errorMessage, MESSAGES, UNASSIGNED_ADVERTISER_NAME } from '@adconsole/domain';
import { CampaignForm, type CampaignFormValues } from '@adconsole/forms';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@adconsole/ui';
import { useState } from 'react';
import { useCampaignAdvertiserChoices } from '../advertisers/advertiser-queries';
import { useUpdateCampaign } from './campaign-queries';
import { useDeliveryRules } from './delivery-queries';
import { ForecastPanel, type ForecastState } from './forecast-panel';
import { useForecastState } from './forecast-queries';

/** The campaign's fields as the form edits them (its figures and creatives stay out). */
const campaignFormValues = (campaign: Campaign) => ({
  id: campaign.id,
  name: campaign.name,
  // The advertiser is chosen from the user's (data.advertiser, its name, is not sent back).
  ...(campaign.advertiserId ? { advertiserId: campaign.advertiserId } : {}),
  insertionOrderId: campaign.insertionOrderId ?? null,
  data: {
    start: campaign.data.start ?? null,
    end: campaign.data.end ?? null,
    timezone: campaign.data.timezone ?? 'UTC',
    goal: campaign.data.goal ?? null,
    deliveryMode: campaign.data.deliveryMode ?? 'asap',
    rate: campaign.data.rate ?? null,
    budget: campaign.data.budget ?? null,
    ...(campaign.data.clickParam ? { clickParam: campaign.data.clickParam } : {}),
  },
});

/**
 * Edits a campaign's name, advertiser, flight dates, timezone, goal, rate and click id parameter after creation. Saved, the page, the
 * list and the breadcrumbs show the new values at once; serving follows the new flight within seconds.
 */
export function EditCampaignDialog({
  campaign,
  open,
  onOpenChange,
}: {
  campaign: Campaign;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Edit campaign</DialogTitle>
          <DialogDescription>
            New flight dates take effect on the ad server within seconds; the change is kept in the history.
          </DialogDescription>
        </DialogHeader>
        {/* Inside the content: each opening starts from the campaign as saved. */}
        <EditCampaignForm campaign={campaign} onSaved={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function EditCampaignForm({ campaign, onSaved }: { campaign: Campaign; onSaved: () => void }) {
  const update = useUpdateCampaign();
  const [serverError, setServerError] = useState<string | null>(null);
  const [defaultValues] = useState(() => campaignFormValues(campaign));
  const [values, setValues] = useState<Partial<CampaignFormValues>>(defaultValues);
  const forecast = useCampaignForecast(campaign.id, values.data);
  const advertiserChoices = useCampaignAdvertiserChoices(
    values.advertiserId,
    campaign.advertiserId
      ? { id: campaign.advertiserId, name: campaign.data.advertiser ?? UNASSIGNED_ADVERTISER_NAME }
      : undefined,
  );
  return (
    <CampaignForm
      defaultValues={defaultValues}
      advertiserChoices={advertiserChoices}
      submitLabel="Save campaign"
      serverError={serverError}
      onValuesChange={setValues}
      beforeSubmit={<ForecastPanel state={forecast} />}
      onSubmit={async (values) => {
        setServerError(null);
        try {
          await update.mutateAsync({ ...values, id: campaign.id });
          onSaved();
        } catch (error) {
          setServerError(errorMessage(error, MESSAGES.campaignNotSaved));
        }
      }}
    />
  );
}

/**
 * The forecast of the campaign with its saved rules and the flight, zone, goal and delivery mode as
 * typed; `campaignID` set, so the server leaves it out of its contenders and counts what it delivered:
 * the need a day is the rest of the goal over the days left, its page's "needed a day".
 */
function useCampaignForecast(campaignID: string, data: CampaignFormValues['data']): ForecastState {
  const stored = useDeliveryRules(campaignID);
  const forecast = useForecastState({
    campaignID,
    rules: stored.data?.rules,
    start: data?.start,
    end: data?.end,
    timezone: data?.timezone,
    goal: data?.goal,
    deliveryMode: data?.deliveryMode,
  });
  if (stored.isError && forecast?.status !== 'incomplete')
    return { status: 'error', message: errorMessage(stored.error, MESSAGES.forecastFailed) };
  return forecast ?? { status: 'loading' };
}
