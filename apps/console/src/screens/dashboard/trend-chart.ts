// The dashboard's one chart, reached only through a dynamic import so its code (nivo) loads in its
// own chunk after the page has painted.
export { PerformanceChart } from '@adconsole/charts';
