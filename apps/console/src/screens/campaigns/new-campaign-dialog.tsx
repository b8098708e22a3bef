// A new campaign (docs/console.md, "Campaigns"): its name, flight, goal and delivery mode; the inventory
// forecast of its flight and goal (every request: it has no rules yet) follows each edit.
import { errorMessage, MESSAGES } from '@adconsole/domain';
import { CampaignForm, type CampaignFormValues } from '@adconsole/forms';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@adconsole/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCreateCampaign } from './campaign-queries';
import { ForecastPanel } from './forecast-panel';
import { useForecastState } from './forecast-queries';

/** Creates a campaign from its name and flight dates, then opens it. */
export function NewCampaignDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateCampaign();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const [values, setValues] = useState<Partial<CampaignFormValues>>({});
  const forecast = useForecastState(open ? { rules: {}, ...values.data } : undefined);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>New campaign</DialogTitle>
          <DialogDescription>Name it and set its flight; creatives come next.</DialogDescription>
        </DialogHeader>
        <CampaignForm
          submitLabel="Create campaign"
          serverError={serverError}
          onValuesChange={setValues}
          beforeSubmit={forecast ? <ForecastPanel state={forecast} /> : undefined}
          onSubmit={async (values) => {
            setServerError(null);
            try {
              const campaign = await create.mutateAsync(values);
              onOpenChange(false);
              navigate(`/campaigns/${campaign.id}`);
            } catch (error) {
              setServerError(errorMessage(error, MESSAGES.campaignNotCreated));
            }
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
