// The report's "Requests not served, by reason" panel (docs/reports.md, "Requests not served"): the
// campaign's ad requests, how many got an ad and why the others did not (outside the flight, paused or
// archived, a delivery rule, no eligible creative). Shown when the range had ad requests; on share pages
// too.
import { NotServedPanel } from '@adconsole/charts';
import type { ReportData } from '@adconsole/domain';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@adconsole/ui';
import type * as React from 'react';

export function ReportNotServed({
  report,
  table,
  locale,
}: {
  report: ReportData;
  /** Draws a table once the reader is near it, holding `rows` rows' height until then. */
  table: (rows: number, draw: React.ReactNode) => React.ReactNode;
  locale: string | undefined;
}) {
  const { totals } = report.notServed;
  if (totals.adRequests === 0) return null;
  const reasons = Object.entries(totals).filter(([key, count]) => key.startsWith('notServed') && count > 0);
  return (
    <Card className="break-inside-avoid" aria-labelledby="report-not-served">
      <CardHeader>
        <CardTitle level={2} id="report-not-served">
          Requests not served, by reason
        </CardTitle>
        <CardDescription>
          Every ad request of this campaign’s tags: answered with an ad, or not, and why. Requests = served +
          each reason.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {table(
          Math.max(reasons.length + 3, 4),
          <NotServedPanel notServed={report.notServed} locale={locale} />,
        )}
      </CardContent>
    </Card>
  );
}
