export {
  CONVERSION_PERFORMANCE_METRICS,
  PERFORMANCE_METRICS,
  PerformanceChart,
  type PerformanceChartProps,
  type PerformanceMetric,
} from './performance-chart';
