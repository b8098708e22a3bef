// The line chart's marks as plain SVG: the grid, the axes, the area, the line and its points. nivo's
// own layers draw each of them through react-spring even with animation off (a spring per grid line,
// tick and point, started in the commit), and on a phone's first load that code, running for the first
// time, was the longest task after the page's first paint (docs/console.md, "The report's first
// chart"). These draw the same elements with the same attributes; nivo still lays the chart out and
// keeps its crosshair and the mesh that finds the hovered point.
import type { LineCustomSvgLayerProps, LineSeries, LineSvgLayer } from '@nivo/line';
import type { nivoTheme } from '../lib/nivo-theme';

/** An axis as the chart configures it: where its ticks go, how long they are, how they read. */
type AxisSpec = {
  tickSize?: number;
  tickPadding?: number;
  tickValues?: number | readonly (string | number)[];
  format?: (value: never) => string;
};

/** The chart's theme: the grid's and the axes' styles come from it. */
type ChartTheme = ReturnType<typeof nivoTheme>;

/** A scale as nivo computes it: a function, with `ticks` when it is continuous. */
export type Scale = ((value: string | number) => number) & { ticks?: (count: number) => number[] };

/** nivo's scale as a custom layer gets it (typed as a bare function), with its `ticks`. */
export const scaleOf = (scale: unknown) => scale as Scale;

/** The values a spec asks for: its own list, or about that many of a continuous scale's round values. */
function tickValuesOf(scale: Scale, spec: AxisSpec['tickValues']): readonly (string | number)[] {
  if (Array.isArray(spec)) return spec;
  return typeof spec === 'number' && scale.ticks ? scale.ticks(spec) : [];
}

/** Horizontal grid lines at the y scale's round values (`gridYValues`, a count). */
function PlainGrid<Series extends LineSeries>(
  { yScale, innerWidth, gridYValues }: LineCustomSvgLayerProps<Series>,
  theme: ChartTheme,
) {
  const scale = scaleOf(yScale);
  const { stroke, strokeWidth } = theme.grid.line;
  return (
    <g>
      {tickValuesOf(scale, gridYValues as AxisSpec['tickValues']).map((value) => {
        const y = scale(value) ?? 0;
        return (
          <line
            key={String(value)}
            opacity={1}
            x1={0}
            x2={innerWidth}
            y1={y}
            y2={y}
            stroke={stroke}
            strokeWidth={strokeWidth}
          />
        );
      })}
    </g>
  );
}

/** The bottom and left axes (nivo's Axes). */
function PlainAxes<Series extends LineSeries>(
  { xScale, yScale, innerWidth, innerHeight, axisBottom, axisLeft }: LineCustomSvgLayerProps<Series>,
  theme: ChartTheme,
) {
  return (
    <>
      {axisBottom ? (
        <PlainAxis
          axis="x"
          scale={scaleOf(xScale)}
          spec={axisBottom as AxisSpec}
          length={innerWidth}
          at={innerHeight}
          theme={theme}
        />
      ) : null}
      {axisLeft ? (
        <PlainAxis
          axis="y"
          scale={scaleOf(yScale)}
          spec={axisLeft as AxisSpec}
          length={innerHeight}
          at={0}
          theme={theme}
        />
      ) : null}
    </>
  );
}

/**
 * One axis (nivo's Axis): a tick and its label per value, then the axis line. On the bottom axis (x,
 * drawn `at` the plot's foot) a label hangs below its tick, centred; on the left (y) it stands before
 * it, centred on it.
 */
function PlainAxis({
  axis,
  scale,
  spec,
  length,
  at,
  theme,
}: {
  axis: 'x' | 'y';
  scale: Scale;
  spec: AxisSpec;
  length: number;
  at: number;
  theme: ChartTheme;
}) {
  const { domain, ticks } = theme.axis;
  const size = spec.tickSize ?? 5;
  const offset = size + (spec.tickPadding ?? 5);
  return (
    <g transform={`translate(0,${at})`}>
      {tickValuesOf(scale, spec.tickValues).map((value) => {
        const position = scale(value) ?? 0;
        return (
          <g
            key={String(value)}
            transform={axis === 'x' ? `translate(${position},0)` : `translate(0,${position})`}
            style={{ opacity: 1 }}
          >
            <line
              x1={0}
              x2={axis === 'y' ? -size : 0}
              y1={0}
              y2={axis === 'x' ? size : 0}
              style={ticks.line}
            />
            <text
              dominantBaseline={axis === 'x' ? 'text-before-edge' : 'central'}
              textAnchor={axis === 'x' ? 'middle' : 'end'}
              transform={
                axis === 'x' ? `translate(0,${offset}) rotate(0)` : `translate(${-offset},0) rotate(0)`
              }
              style={ticks.text}
            >
              {spec.format ? spec.format(value as never) : String(value)}
            </text>
          </g>
        );
      })}
      <line x1={0} x2={axis === 'x' ? length : 0} y1={0} y2={axis === 'y' ? length : 0} style={domain.line} />
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
