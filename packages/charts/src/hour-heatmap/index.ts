export {
  HEATMAP_METRICS,
  type HeatmapMetric,
  HourHeatmap,
  type HourHeatmapProps,
  heatColor,
} from './hour-heatmap';
