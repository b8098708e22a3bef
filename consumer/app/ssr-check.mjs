// Plain Node (no bundler) renders the PerformanceChart, the BreakdownBars and the ConversionLagChart from
// their tarball to static SVG, as a server does for a PDF: fixed size, literal colours.
import { BreakdownBars, ConversionLagChart, chartPalette, PerformanceChart } from '@adconsole/charts';
import {
  oneWeekReport,
  oneWeekReportWithConversionsAndSpend,
  siteBreakdown,
} from '@adconsole/charts/fixtures';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

const markup = renderToStaticMarkup(
  createElement(PerformanceChart, {
    series: oneWeekReport.series,
    width: 640,
    height: 280,
    palette: chartPalette.light,
    metrics: [],
    locale: 'en-US',
    interactive: false,
  }),
);
// The breakdown bars too: the top sites as horizontal bars, in literal colours.
const bars = renderToStaticMarkup(
  createElement(BreakdownBars, {
    breakdown: siteBreakdown,
    width: 640,
    palette: chartPalette.light,
    metrics: [],
    locale: 'en-US',
    interactive: false,
  }),
);
// The days from click to conversion: a bar for each of the nine buckets of the week's fixture.
const lag = renderToStaticMarkup(
  createElement(ConversionLagChart, {
    lag: oneWeekReportWithConversionsAndSpend.conversionLag,
    width: 640,
    height: 260,
    palette: chartPalette.light,
    locale: 'en-US',
    interactive: false,
  }),
);
console.log(
  JSON.stringify({
    svg: /<svg[^>]* width="640" height="280"/.test(markup),
    line: markup.includes(`stroke="${chartPalette.light.series[0]}"`),
    axis: markup.includes('>Nov 16</text>'),
    cssVariables: markup.includes('var(--') || bars.includes('var(--') || lag.includes('var(--'),
    bars: /<svg[^>]* width="640"/.test(bars) && (bars.match(/<rect /g) ?? []).length > 5,
    lag: (lag.match(/data-testid="bar\.item\.conversions\.\d+"/g) ?? []).length === 9,
  }),
);
