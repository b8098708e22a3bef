// Another product's report screen: it installs only @adconsole/charts and @adconsole/ui (plus React)
// from a registry, as the charts README says, and shows a campaign's report with their stylesheets.
import { KpiTiles, PerformanceChart, ReportTable } from '@adconsole/charts';
import { oneWeekReport, previousWeekReport } from '@adconsole/charts/fixtures';
import '@adconsole/charts/styles.css';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@adconsole/ui';
import '@adconsole/ui/styles.css';
import { createRoot } from 'react-dom/client';

function Report() {
  return (
    <main className="grid max-w-4xl gap-6 p-6">
      <Card>
        <CardHeader>
          <CardTitle>Winter sale 2026</CardTitle>
          <CardDescription>Nov 16 to Nov 22, 2026, against the week before</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <KpiTiles totals={oneWeekReport.totals} previous={previousWeekReport.totals} locale="en-US" />
          <PerformanceChart series={oneWeekReport.series} width={780} height={260} locale="en-US" />
          <ReportTable
            by="period"
            series={oneWeekReport.series}
            totals={oneWeekReport.totals}
            locale="en-US"
          />
          <div>
            <Button>Download report</Button>
          </div>
        </CardContent>
      </Card>
    </main>
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<Report />);
