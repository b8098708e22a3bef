// The campaign page's goal and pacing card (docs/console.md, "Goals, rates and pacing"): what the
// campaign books (goal and rate), how delivery paces against the goal (status, delivered against the
// plan, the projection and the daily rate still needed: the charts' PacingFigures, as the report has;
// an evenly delivered campaign's throttle) and the pacing chart. Props in, no fetching.
import { PacingChart, PacingFigures, PacingStatusBadge } from '@adconsole/charts';
import {
  type Campaign,
  evenDeliveryText,
  flightStartText,
  formatRate,
  GOAL_METRIC_LABELS,
} from '@adconsole/domain';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@adconsole/ui';
import { formatCount } from './format';

type CampaignGoalProps = {
  campaign: Pick<Campaign, 'data' | 'pacing'>;
  /** Opens the campaign form, where the goal and rate are set. */
  onEdit?: () => void;
  /** BCP 47 locale of the chart's figures. */
  locale?: string;
  /** Now (stories pin it): before the flight the card says when it starts instead of a rate. */
  now?: Date;
  /**
   * The pacing chart drawn at this width without measuring its card, as static SVG the stylesheet fits
   * to the card (the server's drawing: server/campaign-page.tsx); measured in the browser otherwise.
   */
  staticChartWidth?: number | undefined;
};

/** The goal, the rate and the pacing of a campaign; a line saying how to set them when it books none. */
export function CampaignGoal({
  campaign,
  onEdit,
  locale = 'en-US',
  now = new Date(),
  staticChartWidth,
}: CampaignGoalProps) {
  const { goal, rate } = campaign.data;
  const pacing = campaign.pacing;
  const metric = goal ? GOAL_METRIC_LABELS[goal.metric].toLowerCase() : '';
  // An evenly delivered campaign: the throttle's plan next to delivery (docs/serving.md, "Even delivery").
  const even = pacing ? evenDeliveryText(pacing) : null;
  // Before the flight: when it starts and what it will serve a day, not a rate of 0 %.
  const starts = flightStartText({ flight: campaign.data, now, goal, flightDays: pacing?.flightDays });
  return (
    <Card aria-labelledby="campaign-goal">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle level={2} id="campaign-goal">
            Goal and pacing
          </CardTitle>
          <CardDescription>
            {goal || rate ? (
              [
                goal ? `Goal ${formatCount(goal.amount)} ${metric}` : 'No goal',
                rate ? `booked at ${formatRate(rate)}` : 'no rate',
              ]
                .join(', ')
                .concat('.')
            ) : (
              <>
                No goal or rate booked.{' '}
                {onEdit ? (
                  <button
                    type="button"
                    className="text-primary underline-offset-4 hover:underline"
                    onClick={onEdit}
                  >
                    Set them in the campaign
                  </button>
                ) : null}
              </>
            )}
          </CardDescription>
          {starts ? (
            <p className="text-sm" data-slot="pacing-starts">
              {starts}
            </p>
          ) : null}
          {even ? (
            <p className="text-sm" data-slot="pacing-delivery">
              {even}
            </p>
          ) : null}
        </div>
        {pacing ? <PacingStatusBadge pacing={pacing} locale={locale} className="text-sm" /> : null}
      </CardHeader>
      {pacing ? (
        <CardContent className="grid gap-4">
          <PacingFigures pacing={pacing} locale={locale} />
          {staticChartWidth === undefined ? (
            <PacingChart pacing={pacing} locale={locale} />
          ) : (
            <div data-static-chart="">
              <PacingChart pacing={pacing} locale={locale} width={staticChartWidth} />
            </div>
          )}
        </CardContent>
      ) : goal ? (
        <CardContent>
          <p className="text-muted-foreground text-sm">
            Pacing shows once the flight has a start and an end date.
          </p>
        </CardContent>
      ) : null}
    </Card>
  );
}
