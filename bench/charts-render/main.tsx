/// <reference types="vite/client" />
// The bench page: mounts one widget with a year of figures (365 days × 20 creatives) on demand and
// reports how long React took to commit it and the browser to lay it out, and then to paint.
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { ReportView } from '../../apps/console/src/screens/reporting/report-view';
import { previousWeekReport, yearReport } from '../../packages/charts/src/fixtures/index';
import {
  CreativeBreakdown,
  chartPalette,
  HourHeatmap,
  KpiTiles,
  PerformanceChart,
  ReportTable,
  VideoQuartilesChart,
} from '../../packages/charts/src/index';
import './styles.css';

const cases: Record<string, () => React.ReactNode> = {
  'ReportTable by day, 365 rows, 25 per page': () => (
    <ReportTable by="period" series={yearReport.series} totals={yearReport.totals} locale="en-US" />
  ),
  'ReportTable by day, 365 rows on one page': () => (
    <ReportTable
      by="period"
      series={yearReport.series}
      totals={yearReport.totals}
      locale="en-US"
      pageSize={365}
    />
  ),
  'ReportTable by creative, 20 rows': () => (
    <ReportTable
      by="creative"
      creatives={yearReport.creatives}
      totals={yearReport.totals}
      locale="en-US"
      rowHref={(creative) => `/creative/${creative.id}`}
    />
  ),
  // A week on a phone: what the share and report pages draw first.
  'PerformanceChart, 7 days, 380 px': () => (
    <PerformanceChart series={yearReport.series.slice(-7)} width={380} height={300} locale="en-US" />
  ),
  'PerformanceChart, 365 days': () => (
    <PerformanceChart series={yearReport.series} width={1000} height={320} locale="en-US" />
  ),
  'PerformanceChart, 365 days, responsive': () => (
    <PerformanceChart series={yearReport.series} height={320} locale="en-US" />
  ),
  'CreativeBreakdown, 20 creatives': () => (
    <CreativeBreakdown creatives={yearReport.creatives} width={1000} locale="en-US" />
  ),
  'HourHeatmap, a year': () => <HourHeatmap weekHours={yearReport.weekHours} width={1000} locale="en-US" />,
  'HourHeatmap, static palette': () => (
    <HourHeatmap weekHours={yearReport.weekHours} width={1000} locale="en-US" palette={chartPalette.light} />
  ),
  'VideoQuartilesChart, a year': () => (
    <VideoQuartilesChart totals={yearReport.totals} width={600} locale="en-US" />
  ),
  // The console's whole report screen from data to drawn: tiles, trend, quartiles, shares, table, heatmap.
  "The console's report screen (ReportView), a year × 20 creatives, responsive": () => (
    <ReportView
      status="ready"
      report={yearReport}
      previous={previousWeekReport.totals}
      previousDays={{ start: previousWeekReport.start, end: previousWeekReport.end }}
      title="Campaign summary"
      zoneLabel="(GMT+00:00) UTC"
      unit="day"
      onUnitChange={() => {}}
      hourlyAllowed={false}
      scope="campaign"
      creativeHref={(creative) => `/creative/${creative.id}`}
      locale="en-US"
    />
  ),
  'KpiTiles with comparison': () => (
    <KpiTiles totals={yearReport.totals} previous={previousWeekReport.totals} locale="en-US" />
  ),
};

const container = document.getElementById('root') as HTMLElement;
const root = createRoot(container);
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

declare global {
  interface Window {
    benchCases: string[];
    benchRender: (name: string) => Promise<{ commit: number; painted: number; svg: number; rows: number }>;
  }
}

window.benchCases = Object.keys(cases);
window.benchRender = async (name) => {
  flushSync(() => root.render(null));
  await nextFrame();
  const render = cases[name];
  if (!render) throw new Error(`no bench case ${name}`);
  const start = performance.now();
  flushSync(() => root.render(render()));
  container.getBoundingClientRect(); // forces style and layout
  const commit = performance.now() - start;
  // A responsive chart measures its container first and draws on the next frames.
  let waited = 0;
  const drawn = name.includes('ReportView') ? '[data-slot="performance-chart"] svg' : 'svg';
  while (name.includes('responsive') && !container.querySelector(drawn) && waited < 50) {
    await nextFrame();
    waited += 1;
  }
  await nextFrame();
  const painted = performance.now() - start;
  return {
    commit,
    painted,
    svg: container.querySelectorAll('svg').length,
    rows: container.querySelectorAll('tbody tr').length,
  };
};
