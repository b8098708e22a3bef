// The campaign page's first screen as props (docs/console.md, "Signed-in pages drawn by the server"):
// the header with the owner's actions, the lifetime figures, the goal, the budget and the creatives. The
// campaign page draws it in the browser with its calls behind it (campaign-view.tsx); the server draws it
// from the campaign it read (server/campaign-page.tsx), so both pages stand alike.
import type { Campaign, Creative } from '@adconsole/domain';
import { Card, CardHeader } from '@adconsole/ui';
import { CampaignBudget } from './campaign-budget';
import { CampaignCreatives } from './campaign-creatives';
import { CampaignGoal } from './campaign-goal';
import { CampaignHeader, type CampaignManageActions } from './campaign-header';
import { formatCount } from './format';

export interface CampaignFirstScreenProps {
  campaign: Campaign;
  /** A client's view (docs/security.md, "Client access"): none of the owner's actions. */
  readOnly: boolean;
  /** The owner's actions (read-only pages show none). */
  manage: CampaignManageActions;
  onDuplicateCreative: (creative: Creative) => void;
  /** The creative whose copy is being made: its Duplicate is busy. */
  duplicatingID?: string | undefined;
  onDeleteCreative: (creative: Creative) => void;
  /** The goal's pacing chart at this width, unmeasured (the server's drawing). */
  staticChartWidth?: number | undefined;
}

export function CampaignFirstScreen({
  campaign,
  readOnly,
  manage,
  onDuplicateCreative,
  duplicatingID,
  onDeleteCreative,
  staticChartWidth,
}: CampaignFirstScreenProps) {
  return (
    <>
      <CampaignHeader campaign={campaign} manage={readOnly ? undefined : manage} />
      {/* Since the campaign began, every creative: the report shows any other period. */}
      <section aria-label="Campaign totals, lifetime" className="grid gap-4 sm:grid-cols-3">
        {(
          [
            ['Impressions, lifetime', campaign.data.impressions],
            ['Engagements, lifetime', campaign.data.engagement],
            ['Clicks, lifetime', campaign.data.clicks],
          ] as const
        ).map(([label, value]) => (
          <Card key={label}>
            <CardHeader>
              <p className="text-muted-foreground text-sm">{label}</p>
              <p className="font-semibold text-2xl tabular-nums">{formatCount(value)}</p>
            </CardHeader>
          </Card>
        ))}
      </section>
      <CampaignGoal
        campaign={campaign}
        onEdit={readOnly ? undefined : manage.onEdit}
        staticChartWidth={staticChartWidth}
      />
      <CampaignBudget status={campaign.budgetStatus} />
      <CampaignCreatives
        campaignID={campaign.id}
        creatives={campaign.creatives}
        readOnly={readOnly}
        onDuplicate={onDuplicateCreative}
        duplicatingID={duplicatingID}
        onDelete={onDeleteCreative}
      />
    </>
  );
}
