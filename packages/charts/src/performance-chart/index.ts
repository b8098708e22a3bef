export {
  PERFORMANCE_METRICS,
  PerformanceChart,
  type PerformanceChartProps,
  type PerformanceMetric,
} from './performance-chart';
