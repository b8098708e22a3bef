// A product outside the monorepo that installs the packed tarballs from npm and uses them the way
// the READMEs say: no Tailwind of its own, only the built stylesheets of @adconsole/ui and
// @adconsole/charts and @adconsole/forms.
import {
  BreakdownBars,
  BreakdownTable,
  ConversionLagChart,
  ConversionTiles,
  InvalidTrafficTable,
  PacingChart,
  PacingStatusBadge,
  PerformanceChart,
  ReportTable,
  SpendTiles,
  VariantComparison,
} from '@adconsole/charts';
import {
  atRiskPacing,
  countryBreakdown,
  oneWeekReport,
  oneWeekReportWithConversionsAndSpend,
  oneWeekReportWithSpend,
  siteBreakdown,
  variantWinsVerdict,
} from '@adconsole/charts/fixtures';
import '@adconsole/charts/styles.css';
import { copyName, defaultTimezone, platforms, timezones } from '@adconsole/domain';
import { CampaignForm, SignInForm } from '@adconsole/forms';
import '@adconsole/forms/styles.css';
import {
  Button,
  DateRangePicker,
  notify,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Toaster,
} from '@adconsole/ui';
import '@adconsole/ui/styles.css';
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';

const now = new Date('2026-11-22T12:00:00Z');

function App() {
  useEffect(() => {
    notify({ title: 'Report ready', text: 'Winter sale 2026, last 7 days', type: 'success', timeout: false });
  }, []);
  return (
    <main className="grid max-w-3xl gap-6 p-6">
      <h1 className="font-semibold text-xl">Consumer of the packed packages</h1>
      <p data-testid="domain">
        {copyName('Banner')} · {defaultTimezone.label} · {timezones.length} timezones · {platforms.length}{' '}
        platforms
      </p>
      <div className="flex gap-2">
        <Button>Save campaign</Button>
        <Button variant="outline">Cancel</Button>
      </div>
      <DateRangePicker
        aria-label="Reporting dates"
        now={now}
        value={{ from: new Date('2026-11-16T00:00:00'), to: new Date('2026-11-22T23:59:59') }}
      />
      <Select defaultValue="csv">
        <SelectTrigger aria-label="Download format" className="w-56">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="csv">CSV</SelectItem>
          <SelectItem value="xlsx">Excel</SelectItem>
        </SelectContent>
      </Select>
      <SignInForm onSubmit={() => undefined} className="max-w-sm" />
      <CampaignForm onSubmit={() => undefined} />
      <section aria-label="Report" data-testid="report" className="grid gap-4">
        <PerformanceChart series={oneWeekReport.series} width={720} height={260} locale="en-US" />
        <ReportTable
          by="creative"
          creatives={oneWeekReport.creatives}
          totals={oneWeekReport.totals}
          locale="en-US"
          rowHref={(creative) => `/creatives/${creative.id}/report`}
        />
        <BreakdownBars breakdown={siteBreakdown} width={720} locale="en-US" />
        <BreakdownTable breakdown={countryBreakdown} locale="en-US" />
        <SpendTiles totals={oneWeekReportWithSpend.totals} currency="USD" locale="en-US" />
        <PacingStatusBadge pacing={atRiskPacing} locale="en-US" />
        <PacingChart pacing={atRiskPacing} width={720} locale="en-US" />
        <VariantComparison verdict={variantWinsVerdict} goalLabel="CTR" width={720} locale="en-US" />
        <ConversionTiles
          totals={oneWeekReportWithConversionsAndSpend.totals}
          currency={oneWeekReportWithConversionsAndSpend.conversionCurrency}
          locale="en-US"
        />
        <ConversionLagChart
          lag={oneWeekReportWithConversionsAndSpend.conversionLag}
          width={720}
          locale="en-US"
        />
        <InvalidTrafficTable
          invalid={oneWeekReportWithConversionsAndSpend.invalid}
          conversions={oneWeekReportWithConversionsAndSpend.invalidConversions}
          countedConversions={oneWeekReportWithConversionsAndSpend.totals.conversions}
          locale="en-US"
        />
      </section>
      <Toaster />
    </main>
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
