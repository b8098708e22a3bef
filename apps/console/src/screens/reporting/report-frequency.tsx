// The report's "Frequency" card (docs/reports.md, "Frequency"): how many browsers had 1, 2 ... 10 or
// more of the campaign's ads in its frequency window, and the average. A browser is told apart only on
// one publisher site (the partitioned cookie) or by a device's advertising id, so the card says so.
// Shown when the range has ads of the campaign under its caps; on share pages too.
import { FrequencyPanel } from '@adconsole/charts';
import { hasFrequency, type ReportData } from '@adconsole/domain';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@adconsole/ui';
import type * as React from 'react';

export function ReportFrequency({
  report,
  table,
  locale,
}: {
  report: ReportData;
  /** Draws the panel once the reader is near it, holding `rows` rows' height until then. */
  table: (rows: number, draw: React.ReactNode) => React.ReactNode;
  locale: string | undefined;
}) {
  if (!hasFrequency(report.frequency)) return null;
  // Ads served to invalid traffic keep no history: the panel says they are in no bar.
  const invalidAds = report.notServed.totals.adsServedInvalid ?? 0;
  return (
    <Card className="break-inside-avoid" aria-labelledby="report-frequency">
      <CardHeader>
        <CardTitle level={2} id="report-frequency">
          Frequency
        </CardTitle>
        <CardDescription>
          Ads per browser in the campaign’s frequency window, counted where a browser can be told apart: per
          browser on each site (its own cookie there), or per device in apps.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {table(8, <FrequencyPanel frequency={report.frequency} locale={locale} invalidAds={invalidAds} />)}
      </CardContent>
    </Card>
  );
}
