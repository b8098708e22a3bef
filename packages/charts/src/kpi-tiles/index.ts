export { KPI_METRICS, type KpiMetric, KpiTiles, type KpiTilesProps } from './kpi-tiles';
