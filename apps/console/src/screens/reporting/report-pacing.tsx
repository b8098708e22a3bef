// The report's goal and pacing (docs/console.md, "Goals, rates and pacing"): the campaign's goal and
// booked rate, its pacing status, the figures the campaign page shows (delivered, plan to date,
// projected, needed a day: the charts' PacingFigures, in the goal's unit, so a share page without costs
// shows them too; its booked rate is gone with the costs) and the pacing chart (drawn by the caller once
// the charts' code is here). Shown when the report carries pacing; the spend tiles sit with the key figures.
import { PacingFigures, PacingStatusBadge } from '@adconsole/charts';
import { formatGoal, formatRate, type ReportData } from '@adconsole/domain';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@adconsole/ui';
import type * as React from 'react';

/** '300,000 impressions · USD 2.50 CPM', what the campaign books. */
function bookedText(report: Pick<ReportData, 'goal' | 'rate'>): string {
  const parts = [
    report.goal ? formatGoal(report.goal) : undefined,
    report.rate ? formatRate(report.rate) : undefined,
  ].filter(Boolean);
  return parts.join(' · ');
}

export function ReportPacing({
  report,
  chart,
  locale,
}: {
  report: ReportData;
  /** The pacing chart, or its placeholder while the charts' code loads. */
  chart: React.ReactNode;
  locale: string | undefined;
}) {
  const { pacing } = report;
  if (!pacing) return null;
  return (
    <Card className="break-inside-avoid" aria-labelledby="report-pacing">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle level={2} id="report-pacing">
            Pacing
          </CardTitle>
          <CardDescription>
            {bookedText(report)}. Delivery to date against the even plan over the flight, as of now.
          </CardDescription>
        </div>
        <PacingStatusBadge pacing={pacing} locale={locale} className="text-sm" />
      </CardHeader>
      <CardContent className="grid gap-4">
        <PacingFigures pacing={pacing} locale={locale} />
        {chart}
      </CardContent>
    </Card>
  );
}
