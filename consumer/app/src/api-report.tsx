// The product's report page: the report its server fetched from the Adconsole API with a personal API
// token (reports:read), checked with the domain's schema and shown with the charts' widgets.
import { KpiTiles, PerformanceChart, ReportTable } from '@adconsole/charts';
import '@adconsole/charts/styles.css';
import { type ReportData, reportDataSchema } from '@adconsole/domain';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@adconsole/ui';
import '@adconsole/ui/styles.css';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

function PartnerReport() {
  const [report, setReport] = useState<ReportData>();
  const [failure, setFailure] = useState<string>();
  useEffect(() => {
    fetch(`/report.json${window.location.search}`)
      .then(async (response) => {
        const body: unknown = await response.json();
        if (!response.ok)
          throw new Error((body as { message?: string }).message ?? `HTTP ${response.status}`);
        setReport(reportDataSchema.parse(body));
      })
      .catch((error: unknown) => setFailure(error instanceof Error ? error.message : String(error)));
  }, []);
  if (failure) return <p role="alert">The report could not be loaded: {failure}</p>;
  if (!report) return <p>Loading the report…</p>;
  return (
    <main className="grid max-w-4xl gap-6 p-6">
      <Card>
        <CardHeader>
          <CardTitle>{report.campaignName ?? report.campaignID}</CardTitle>
          <CardDescription>
            {report.start} to {report.end}, from the Adconsole API
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6" data-testid="api-report">
          <KpiTiles totals={report.totals} locale="en-US" />
          <PerformanceChart series={report.series} width={780} height={260} locale="en-US" />
          <ReportTable by="creative" creatives={report.creatives} totals={report.totals} locale="en-US" />
        </CardContent>
      </Card>
    </main>
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<PartnerReport />);
