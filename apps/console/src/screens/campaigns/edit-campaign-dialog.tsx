import { type Campaign, errorMessage, MESSAGES } from '@adconsole/domain';
import { CampaignForm } from '@adconsole/forms';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@adconsole/ui';
import { useState } from 'react';
import { useUpdateCampaign } from './campaign-queries';

/** The campaign's fields as the form edits them (its figures and creatives stay out). */
const campaignFormValues = (campaign: Campaign) => ({
  id: campaign.id,
  name: campaign.name,
  data: {
    start: campaign.data.start ?? null,
    end: campaign.data.end ?? null,
    timezone: campaign.data.timezone ?? 'UTC',
    ...(campaign.data.advertiser ? { advertiser: campaign.data.advertiser } : {}),
    goal: campaign.data.goal ?? null,
    deliveryMode: campaign.data.deliveryMode ?? 'asap',
    rate: campaign.data.rate ?? null,
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
  const update = useUpdateCampaign();
  const [serverError, setServerError] = useState<string | null>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit campaign</DialogTitle>
          <DialogDescription>
            New flight dates take effect on the ad server within seconds; the change is kept in the history.
          </DialogDescription>
        </DialogHeader>
        <CampaignForm
          defaultValues={campaignFormValues(campaign)}
          submitLabel="Save campaign"
          serverError={serverError}
          onSubmit={async (values) => {
            setServerError(null);
            try {
              await update.mutateAsync({ ...values, id: campaign.id });
              onOpenChange(false);
            } catch (error) {
              setServerError(errorMessage(error, MESSAGES.campaignNotSaved));
            }
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
