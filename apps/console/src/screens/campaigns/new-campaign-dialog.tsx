// A new campaign (docs/console.md, "The inventory forecast"): its name, flight, goal and delivery mode,
// and its targeting (countries and device types, the delivery rules form's own fields); the inventory
// forecast of that targeting, flight and goal follows each edit. Created, the rules are saved with their
// own call in the same submit; if that call fails the campaign is kept, and the dialog says so and offers
// the rules' call again.
import { type Campaign, type DeliveryRules, errorMessage, MESSAGES } from '@adconsole/domain';
import {
  CampaignForm,
  type CampaignFormValues,
  checkTargeting,
  TargetingFields,
  type TargetingValues,
} from '@adconsole/forms';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@adconsole/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCampaignAdvertiserChoices } from '../advertisers/advertiser-queries';
import { useCreateCampaign } from './campaign-queries';
import { useSetCreatedCampaignRules } from './delivery-queries';
import { ForecastPanel, type ForecastState } from './forecast-panel';
import { useForecastState } from './forecast-queries';

/** Creates a campaign from its name, flight dates and targeting, then opens it. */
export function NewCampaignDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>New campaign</DialogTitle>
          <DialogDescription>Name it and set its flight; creatives come next.</DialogDescription>
        </DialogHeader>
        {/* Inside the content: each opening starts from an empty form. */}
        <NewCampaignBooking
          onDone={(campaignID) => {
            onOpenChange(false);
            navigate(`/campaigns/${campaignID}`);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

/** A campaign created whose rules' call failed: the rules it was to have, and the server's reason. */
interface RulesNotSaved {
  campaign: Campaign;
  rules: DeliveryRules;
  message: string;
}

function NewCampaignBooking({ onDone }: { onDone: (campaignID: string) => void }) {
  const create = useCreateCampaign();
  const saveRules = useSetCreatedCampaignRules();
  const [serverError, setServerError] = useState<string | null>(null);
  const [values, setValues] = useState<Partial<CampaignFormValues>>({});
  const [targeting, setTargeting] = useState<TargetingValues>({});
  const [notSaved, setNotSaved] = useState<RulesNotSaved>();
  const advertiserChoices = useCampaignAdvertiserChoices(values.advertiserId);
  // The targeting judged after every change: while a rule is refused (only these, none chosen yet) nothing
  // is asked, and the panel names the rule to fix instead of an older targeting's figures.
  const checked = checkTargeting(targeting);
  const forecast = useForecastState({
    rules: checked.rules,
    start: values.data?.start,
    end: values.data?.end,
    timezone: values.data?.timezone,
    goal: values.data?.goal,
    deliveryMode: values.data?.deliveryMode,
  });
  const forecastShown: ForecastState =
    checked.field !== undefined && forecast?.status !== 'incomplete'
      ? { status: 'invalid', field: checked.field }
      : (forecast ?? { status: 'loading' });

  /** The rules' own call for the campaign just created; a failure keeps the campaign and says so. */
  const saveRulesOf = async (campaign: Campaign, chosen: DeliveryRules) => {
    try {
      if (Object.keys(chosen).length > 0)
        await saveRules.mutateAsync({ campaignID: campaign.id, rules: chosen });
      onDone(campaign.id);
    } catch (error) {
      setNotSaved({
        campaign,
        rules: chosen,
        message: errorMessage(error, MESSAGES.deliveryRulesNotSaved),
      });
    }
  };

  if (notSaved)
    return (
      <RulesNotSavedNotice
        notSaved={notSaved}
        pending={saveRules.isPending}
        onRetry={() => saveRulesOf(notSaved.campaign, notSaved.rules)}
        onOpen={() => onDone(notSaved.campaign.id)}
      />
    );
  return (
    <CampaignForm
      advertiserChoices={advertiserChoices}
      submitLabel="Create campaign"
      serverError={serverError}
      onValuesChange={setValues}
      beforeSubmit={
        <>
          <TargetingFields value={targeting} onChange={setTargeting} />
          <ForecastPanel state={forecastShown} />
        </>
      }
      onSubmit={async (body) => {
        setServerError(null);
        // A refused rule has its message beside it already: nothing is created until it is fixed.
        if (checked.rules === undefined) return;
        let campaign: Campaign;
        try {
          campaign = await create.mutateAsync(body);
        } catch (error) {
          setServerError(errorMessage(error, MESSAGES.campaignNotCreated));
          return;
        }
        await saveRulesOf(campaign, checked.rules);
      }}
    />
  );
}

/** The campaign is kept; its rules were not saved: why, and the rules' call again or the campaign. */
function RulesNotSavedNotice({
  notSaved,
  pending,
  onRetry,
  onOpen,
}: {
  notSaved: RulesNotSaved;
  pending: boolean;
  onRetry: () => void;
  onOpen: () => void;
}) {
  return (
    <div className="grid gap-4" data-slot="rules-not-saved">
      <Alert variant="danger">
        <AlertTitle>{MESSAGES.campaignCreatedRulesNotSaved}</AlertTitle>
        <AlertDescription className="text-foreground">{notSaved.message}</AlertDescription>
      </Alert>
      <p className="text-sm">
        “{notSaved.campaign.name}” is saved as you typed it. Save its targeting again, or open the campaign
        and set its delivery rules on its page.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" loading={pending} onClick={onRetry}>
          Save the targeting again
        </Button>
        <Button type="button" variant="outline" onClick={onOpen}>
          Open the campaign
        </Button>
      </div>
    </div>
  );
}
