// The report's "Reach" card (docs/reports.md, "Reach"): how many distinct browsers and devices the ads
// reached over the range, estimates with their error, the average frequency, and the cumulative reach by
// day over each day's new and returning (the charts' ReachCurve, drawn by the caller once the charts'
// code is here). Shown whenever the range has ads; when none of them had an identity to count, the
// card says why instead of a 0 (no chart code needed for that). On share pages too.
import { hasReach, type ReportData, reachSentence, reachShown } from '@adconsole/domain';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@adconsole/ui';
import type * as React from 'react';

export function ReportReach({
  report,
  chart,
  locale,
}: {
  report: ReportData;
  /** The reach curve, or its placeholder while the charts' code loads. */
  chart: React.ReactNode;
  locale: string | undefined;
}) {
  const { reach } = report;
  if (!reachShown(reach)) return null;
  return (
    <Card className="break-inside-avoid" aria-labelledby="report-reach">
      <CardHeader>
        <CardTitle level={2} id="report-reach">
          Reach
        </CardTitle>
        <CardDescription>
          Distinct browsers and devices the ads reached over the range: a browser counted per site (its own
          cookie there), a device by its advertising id, where the request’s consent lets us keep one.
          Estimates, so written “about”.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {hasReach(reach) ? (
          chart
        ) : (
          <div data-slot="reach-curve" data-empty="" className="grid gap-2 text-muted-foreground text-sm">
            <p data-slot="reach-summary">{reachSentence(reach, locale)}</p>
            <p>{reach.ads.toLocaleString(locale)} ads served in this range.</p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
