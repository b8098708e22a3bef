import { errorMessage, MESSAGES } from '@adconsole/domain';
import { CampaignForm } from '@adconsole/forms';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@adconsole/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCreateCampaign } from './campaign-queries';

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
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New campaign</DialogTitle>
          <DialogDescription>Name it and set its flight; creatives come next.</DialogDescription>
        </DialogHeader>
        <CampaignForm
          submitLabel="Create campaign"
          serverError={serverError}
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
