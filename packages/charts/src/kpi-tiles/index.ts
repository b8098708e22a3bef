export { KPI_METRICS, type KpiMetric, type KpiTileMetric, KpiTiles, type KpiTilesProps } from './kpi-tiles';
