// The report's invalid-traffic panel (docs/reports.md; docs/conversions.md, "Charts and screens"): the
// events invalid-traffic filtering left out, by reason, and, for a campaign with conversion actions, the
// conversions received but not counted, by reason. Shown when there is either.
import { InvalidTrafficTable } from '@adconsole/charts';
import type { ReportData } from '@adconsole/domain';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@adconsole/ui';
import type * as React from 'react';
import { reportHasConversions } from './report-conversions';

export function ReportInvalidTraffic({
  report,
  table,
  locale,
}: {
  report: ReportData;
  /** Draws a table once the reader is near it, holding `rows` rows' height until then. */
  table: (rows: number, draw: React.ReactNode) => React.ReactNode;
  locale: string | undefined;
}) {
  const conversions = reportHasConversions(report) ? report.invalidConversions : undefined;
  if (report.invalid.total === 0 && !conversions?.total) return null;
  // The events' reasons and total, then the conversions' reasons and total under their own header.
  const rows = report.invalid.byReason.length + 1 + (conversions ? conversions.byReason.length + 3 : 0);
  return (
    <Card className="break-inside-avoid" aria-labelledby="report-invalid">
      <CardHeader>
        <CardTitle level={2} id="report-invalid">
          Invalid traffic (filtered)
        </CardTitle>
        <CardDescription>
          Bots, data centres and events that broke the rules, found by open lists: stored, never counted
          above.{conversions ? ' Conversions not counted, and why.' : ''}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {table(
          Math.max(rows, 6),
          <InvalidTrafficTable
            invalid={report.invalid}
            impressions={report.totals.impressions}
            conversions={conversions}
            countedConversions={report.totals.conversions}
            locale={locale}
          />,
        )}
      </CardContent>
    </Card>
  );
}
