// The props every chart widget shares beside its figures, written once.
import type { ChartPalette } from './palette';

/** Locale, size, colours, motion and hover of a chart. */
export type ChartDisplayProps = {
  /** BCP 47 locale for numbers and dates; the browser's by default. */
  locale?: string;
  /** Fixed width in pixels; without it the chart fills its container's width. */
  width?: number;
  height?: number;
  /** Literal colours (e.g. `chartPalette.light`) instead of the theme's CSS variables. */
  palette?: ChartPalette;
  animate?: boolean;
  /** Tooltips (and crosshair, where there is one) on pointer hover. */
  interactive?: boolean;
};

/** A chart that switches between figures: controlled with `metric` and `onMetricChange`, or not. */
export type SwitchableMetricProps<Metric extends string> = {
  /** The figure drawn (controlled); with `onMetricChange`. */
  metric?: Metric;
  /** The figure drawn first when uncontrolled. */
  defaultMetric?: Metric;
  onMetricChange?: (metric: Metric) => void;
  /** Which figures the switch offers; an empty list hides the switch (as in a PDF). */
  metrics?: readonly Metric[];
};
