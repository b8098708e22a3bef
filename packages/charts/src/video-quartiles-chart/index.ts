export { VIDEO_STEPS, VideoQuartilesChart, type VideoQuartilesChartProps } from './video-quartiles-chart';
