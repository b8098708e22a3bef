// The line chart's marks as plain SVG: the grid, the axes, the area, the line and its points. nivo's
// own layers draw each of them through react-spring even with animation off (a spring per grid line,
// tick and point, started in the commit), and on a phone's first load that code, running for the first
// time, was the longest task after the page's first paint (docs/console.md, "The report's first
// chart"). These draw the same elements with the same attributes; nivo still lays the chart out and
// keeps its crosshair and the mesh that finds the hovered point.
import type { LineCustomSvgLayerProps, LineSeries, LineSvgLayer } from '@nivo/line';
import type { CSSProperties } from 'react';

/** An axis as the chart configures it: where its ticks go, how long they are, how they read. */
type AxisSpec = {
  tickSize?: number;
  tickPadding?: number;
  tickValues?: number | readonly (string | number)[];
  format?: (value: never) => string;
};

/** The styles the chart's theme (nivoTheme) gives the grid and the axes. */
export type ChartTheme = {
  grid?: { line?: CSSProperties };
  axis?: {
    domain?: { line?: CSSProperties };
    ticks?: { line?: CSSProperties; text?: CSSProperties };
  };
};

/** A scale as nivo computes it: a function, with `ticks` when it is continuous. */
type Scale = ((value: never) => number) & { ticks?: (count: number) => number[] };

/** The values a spec asks for: its own list, or about that many of a continuous scale's round values. */
function tickValuesOf(scale: Scale, spec: AxisSpec['tickValues']): readonly (string | number)[] {
  if (Array.isArray(spec)) return spec;
  return typeof spec === 'number' && scale.ticks ? scale.ticks(spec) : [];
}

const positionOf = (scale: Scale, value: string | number) =>
  (scale as (value: unknown) => number)(value) ?? 0;

/** Horizontal grid lines at the y scale's round values (`gridYValues`, a count). */
function PlainGrid<Series extends LineSeries>(
  { yScale, innerWidth, gridYValues }: LineCustomSvgLayerProps<Series>,
  theme: ChartTheme,
) {
  const line = theme.grid?.line ?? {};
  const values = tickValuesOf(yScale as unknown as Scale, gridYValues as AxisSpec['tickValues']);
  return (
    <g>
      {values.map((value) => {
        const y = positionOf(yScale as unknown as Scale, value);
        return (
          <line
            key={String(value)}
            opacity={1}
            x1={0}
            x2={innerWidth}
            y1={y}
            y2={y}
            stroke={line.stroke}
            strokeWidth={line.strokeWidth}
          />
        );
      })}
    </g>
  );
}

/** The bottom and left axes: a tick and its label per value, and the axis line (nivo's Axis). */
function PlainAxes<Series extends LineSeries>(
  { xScale, yScale, innerWidth, innerHeight, axisBottom, axisLeft }: LineCustomSvgLayerProps<Series>,
  theme: ChartTheme,
) {
  const axis = theme.axis ?? {};
  const styles = {
    domain: axis.domain?.line ?? {},
    tick: axis.ticks?.line ?? {},
    text: axis.ticks?.text ?? {},
  };
  return (
    <>
      {axisBottom ? (
        <g transform={`translate(0,${innerHeight})`}>
          {tickValuesOf(xScale as unknown as Scale, (axisBottom as AxisSpec).tickValues).map((value) => (
            <Tick
              key={String(value)}
              spec={axisBottom as AxisSpec}
              value={value}
              x={positionOf(xScale as unknown as Scale, value)}
              y={0}
              axis="x"
              styles={styles}
            />
          ))}
          <line x1={0} x2={innerWidth} y1={0} y2={0} style={styles.domain} />
        </g>
      ) : null}
      {axisLeft ? (
        <g transform="translate(0,0)">
          {tickValuesOf(yScale as unknown as Scale, (axisLeft as AxisSpec).tickValues).map((value) => (
            <Tick
              key={String(value)}
              spec={axisLeft as AxisSpec}
              value={value}
              x={0}
              y={positionOf(yScale as unknown as Scale, value)}
              axis="y"
              styles={styles}
            />
          ))}
          <line x1={0} x2={0} y1={0} y2={innerHeight} style={styles.domain} />
        </g>
      ) : null}
    </>
  );
}

/**
 * One tick: its line out of the axis and its label beyond it. On the bottom axis the label hangs
 * below, centred; on the left it stands before the tick, centred on it.
 */
function Tick({
  spec,
  value,
  x,
  y,
  axis,
  styles,
}: {
  spec: AxisSpec;
  value: string | number;
  x: number;
  y: number;
  axis: 'x' | 'y';
  styles: { tick: CSSProperties; text: CSSProperties };
}) {
  const size = spec.tickSize ?? 5;
  const offset = size + (spec.tickPadding ?? 5);
  const label = spec.format ? spec.format(value as never) : String(value);
  return (
    <g transform={`translate(${x},${y})`} style={{ opacity: 1 }}>
      <line x1={0} x2={axis === 'y' ? -size : 0} y1={0} y2={axis === 'x' ? size : 0} style={styles.tick} />
      <text
        dominantBaseline={axis === 'x' ? 'text-before-edge' : 'central'}
        textAnchor={axis === 'x' ? 'middle' : 'end'}
        transform={axis === 'x' ? `translate(0,${offset}) rotate(0)` : `translate(${-offset},0) rotate(0)`}
        style={styles.text}
      >
        {label}
      </text>
    </g>
  );
}

/** Each series' area down to the baseline (`enableArea`), the last series first as nivo draws them. */
function PlainAreas<Series extends LineSeries>({
  series,
  areaGenerator,
  enableArea,
  areaOpacity,
  areaBlendMode,
}: LineCustomSvgLayerProps<Series>) {
  if (!enableArea) return null;
  return (
    <g>
      {[...series].reverse().map((line) => (
        <path
          key={String(line.id)}
          d={areaGenerator(line.data.map((datum) => datum.position)) ?? undefined}
          fill={line.color}
          fillOpacity={areaOpacity}
          strokeWidth={0}
          style={{ mixBlendMode: areaBlendMode }}
        />
      ))}
    </g>
  );
}

/** Each series' line. */
function PlainLines<Series extends LineSeries>({
  series,
  lineGenerator,
  lineWidth,
}: LineCustomSvgLayerProps<Series>) {
  return (
    <>
      {[...series].reverse().map((line) => (
        <path
          key={String(line.id)}
          d={lineGenerator(line.data.map((datum) => datum.position)) ?? undefined}
          fill="none"
          strokeWidth={lineWidth}
          stroke={line.color}
        />
      ))}
    </>
  );
}

/** A dot on each point (`enablePoints`), in the point's colour. */
function PlainPoints<Series extends LineSeries>({
  points,
  enablePoints,
  pointSize,
  pointBorderWidth,
}: LineCustomSvgLayerProps<Series>) {
  if (!enablePoints) return null;
  return (
    <g>
      {points.map((point) => (
        <g
          key={point.id}
          transform={`translate(${point.x}, ${point.y})`}
          focusable="false"
          data-testid={`line.point.${point.id}`}
          style={{ pointerEvents: 'none' }}
        >
          <circle
            r={pointSize / 2}
            fill={point.color}
            stroke={point.borderColor}
            strokeWidth={pointBorderWidth}
            style={{ pointerEvents: 'none' }}
          />
        </g>
      ))}
    </g>
  );
}

/**
 * nivo's layers in its order, its animated marks drawn plain: the grid and axes in `theme`'s styles
 * (nivo gives a custom layer the chart's props, not its theme), nivo's own crosshair and mesh.
 */
export function plainLineLayers<Series extends LineSeries>(theme: ChartTheme): LineSvgLayer<Series>[] {
  return [
    (props) => PlainGrid(props, theme),
    (props) => PlainAxes(props, theme),
    PlainAreas,
    'crosshair',
    PlainLines,
    PlainPoints,
    'mesh',
  ];
}
