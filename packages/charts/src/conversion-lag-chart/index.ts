export { ConversionLagChart, type ConversionLagChartProps } from './conversion-lag-chart';
