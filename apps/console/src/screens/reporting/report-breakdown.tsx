// The report's Breakdown section (docs/reports.md, "Breakdowns"): tabs Site, Device, OS, Browser and
// Country, the chosen one named in the page's URL; its breakdown as bars of the top values and as a
// table (the top 50, then Other and Unknown, the country database named under the countries). Only the
// chosen tab's breakdown is asked for, after the report's figures; while it loads, placeholders hold
// the section's drawn size, so nothing below it moves when it arrives. Printed, it shows the chosen
// breakdown without the tabs. Props only: the page fetches, every state has a story.
import { BREAKDOWN_DIMENSION_LABELS, type BreakdownColumn, breakdownNoun } from '@adconsole/charts';
import {
  BREAKDOWN_DIMENSIONS,
  type Breakdown,
  type BreakdownDimension,
  type CampaignRate,
  MESSAGES,
} from '@adconsole/domain';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  cn,
  EmptyState,
  Skeleton,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@adconsole/ui';
import { ChartBarBigIcon } from 'lucide-react';
import type * as React from 'react';
import { NearViewport } from '../../components/near-viewport';
import { NeedsCode } from './report-code';

/**
 * The bars (the charts' code) and the table (the tables' code), each once it has arrived; each is asked
 * for when the section comes near (report-code.tsx).
 */
type BreakdownChunk = {
  BreakdownBars?: typeof import('@adconsole/charts')['BreakdownBars'] | undefined;
  BreakdownTable?: typeof import('@adconsole/charts')['BreakdownTable'] | undefined;
};

export type ReportBreakdownProps = {
  /** The chosen tab (the URL's `breakdown=`). */
  dimension: BreakdownDimension;
  onDimensionChange: (dimension: BreakdownDimension) => void;
  /** The chosen tab's breakdown: loading, failed, or here. */
  status: 'loading' | 'error' | 'ready';
  breakdown?: Breakdown | null | undefined;
  error?: string | undefined;
  onRetry?: (() => void) | undefined;
  /** The charts' code, once loaded; until then the bars' and the table's placeholders stand in. */
  charts?: BreakdownChunk | undefined;
  /** Print layout: the chosen breakdown across the page, every row, no tabs. */
  printing?: boolean | undefined;
  /** The chart's width in print: the card's inner width on an A4 page (PRINT_CHART_WIDTH). */
  printWidth?: number | undefined;
  /** Draw the bars and the table only when the reader scrolls near them (the tabs are always there). */
  deferOffscreen?: boolean | undefined;
  /** The server's drawing: the bars at this width, without hover, fitted to the card by the stylesheet. */
  staticChartWidth?: number | undefined;
  locale?: string | undefined;
  /**
   * The report's conversion currency when it shows conversions (`reportHasConversions`): the table's
   * conversion columns and the bars' Conversions; null or absent without.
   */
  conversionCurrency?: string | null | undefined;
  /** The report's booked rate: with conversions, cost per conversion and ROAS by value too. */
  rate?: CampaignRate | null | undefined;
};

/** How many values get a bar of their own; the rest join "Other". */
const BAR_LIMIT = 10;
/**
 * The section's drawn size, held while the breakdown loads and kept when it has fewer values (measured
 * in Chromium): the metric switch (32 px), a gap and the bars of the top 10, Other and Unknown (372 px);
 * the table's toolbar, its scrolling body and the country database's line. Not on paper: the server's
 * drawing of a share page is printed as it is, and there each part takes what it needs.
 */
const BARS_HEIGHT = 'min-h-[416px] print:min-h-0';
const TABLE_MAX_HEIGHT = '26rem';
const TABLE_HEIGHT = 'min-h-[492px] print:min-h-0';

/**
 * On screen the table starts without the counts whose rate it shows (viewable impressions, video
 * starts), so a 1440 px window shows the rest without scrolling; the column menu brings them back.
 */
const SCREEN_HIDDEN_COLUMNS: readonly BreakdownColumn[] = ['viewable', 'videoStarts'];
/**
 * With conversions, on screen engagements, video completes and viewability wait in the column menu
 * too, and so does the conversion rate (as in the figures tables: its tile gives the report's), so a
 * 1440 px window shows conversions, value, cost per conversion and ROAS beside the rest without
 * scrolling sideways. On paper the table keeps what fits the page by the rule the figures tables
 * follow (the domain's printedFigures) and names the rest under it.
 */
const SCREEN_HIDDEN_WITH_CONVERSIONS: readonly BreakdownColumn[] = [
  ...SCREEN_HIDDEN_COLUMNS,
  'engagement',
  'videoCompletes',
  'viewabilityRate',
  'conversionRate',
];

const hiddenColumns = (printing: boolean, withConversions: boolean) =>
  printing ? [] : withConversions ? SCREEN_HIDDEN_WITH_CONVERSIONS : SCREEN_HIDDEN_COLUMNS;

const isEmpty = (breakdown: Breakdown) =>
  breakdown.rows.length === 0 && breakdown.other === null && breakdown.unknown === null;

export function ReportBreakdown({
  dimension,
  onDimensionChange,
  status,
  breakdown,
  error,
  onRetry,
  charts,
  printing = false,
  printWidth,
  staticChartWidth,
  deferOffscreen = false,
  locale,
  conversionCurrency,
  rate,
}: ReportBreakdownProps) {
  const noun = breakdownNoun(dimension);
  return (
    <Card
      data-slot="report-breakdown"
      data-dimension={dimension}
      aria-labelledby="report-breakdown"
      aria-busy={status === 'loading'}
    >
      <CardHeader>
        <CardTitle level={2} id="report-breakdown">
          Breakdown
        </CardTitle>
        <CardDescription>
          {/* The text nodes as before conversions ('… by ', the noun, the rest): the same shaped runs. */}
          {`Valid impressions${conversionCurrency ? ', clicks and conversions' : ' and clicks'} by `}
          {noun}: the top values, then Other and Unknown.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs
          value={dimension}
          onValueChange={(value) => onDimensionChange(value as BreakdownDimension)}
          activationMode="manual"
        >
          <TabsList aria-label="Breakdown by" className="max-w-full overflow-x-auto print:hidden">
            {BREAKDOWN_DIMENSIONS.map((value) => (
              <TabsTrigger key={value} value={value}>
                {BREAKDOWN_DIMENSION_LABELS[value]}
              </TabsTrigger>
            ))}
          </TabsList>
          {/* Every tab has its panel (the tabs point at them), but only the chosen one is drawn and asked for. */}
          {BREAKDOWN_DIMENSIONS.map((value) => (
            <TabsContent key={value} value={value} className="grid gap-6">
              <NearViewport defer={deferOffscreen && !printing} placeholder={<BreakdownPlaceholder />}>
                <BreakdownBody
                  dimension={dimension}
                  status={status}
                  breakdown={breakdown}
                  error={error}
                  onRetry={onRetry}
                  charts={charts}
                  printing={printing}
                  printWidth={printWidth}
                  staticChartWidth={staticChartWidth}
                  locale={locale}
                  conversionCurrency={conversionCurrency}
                  rate={rate}
                />
              </NearViewport>
            </TabsContent>
          ))}
        </Tabs>
      </CardContent>
    </Card>
  );
}

/** A chart of the server's drawing in the box the stylesheet fits to its card; any other as it is. */
export const stillChart = (staticChartWidth: number | undefined, chart: React.ReactNode) =>
  staticChartWidth === undefined ? chart : <div data-static-chart="">{chart}</div>;

/** The section's drawn size (the bars, then the table) while it waits below the fold. */
function BreakdownPlaceholder() {
  return (
    <div className="grid gap-6">
      <Skeleton className={BARS_HEIGHT} />
      <Skeleton className={TABLE_HEIGHT} />
    </div>
  );
}

function BreakdownBody({
  dimension,
  status,
  breakdown,
  error,
  onRetry,
  charts,
  printing,
  printWidth,
  staticChartWidth,
  locale,
  conversionCurrency,
  rate,
}: Omit<ReportBreakdownProps, 'onDimensionChange'>) {
  const noun = breakdownNoun(dimension);
  // On screen both parts keep their drawn size whatever arrives; on paper they take what they need.
  const bars = cn('grid content-start', !printing && BARS_HEIGHT);
  const table = cn('grid content-start', !printing && TABLE_HEIGHT);

  if (status === 'error') {
    return (
      <div className={bars} data-breakdown-state="error">
        <Alert variant="danger">
          <AlertTitle>The {noun} breakdown could not be read</AlertTitle>
          <AlertDescription className="grid gap-3">
            <span>{error ?? MESSAGES.pleaseTryAgain}</span>
            {onRetry ? (
              <Button variant="outline" size="sm" className="justify-self-start" onClick={onRetry}>
                Try again
              </Button>
            ) : null}
          </AlertDescription>
        </Alert>
      </div>
    );
  }
  const loaded = status === 'ready' && breakdown ? breakdown : undefined;
  if (loaded && isEmpty(loaded)) {
    return (
      <div className={bars} data-breakdown-state="empty">
        <EmptyState
          icon={<ChartBarBigIcon aria-hidden="true" />}
          title="No figures for this period"
          description={`The ${noun} breakdown fills in as the campaign serves.`}
        />
      </div>
    );
  }
  return (
    <>
      <div className={bars} data-breakdown-state={loaded ? 'ready' : 'loading'}>
        {charts?.BreakdownBars ? (
          stillChart(
            staticChartWidth,
            <charts.BreakdownBars
              breakdown={loaded}
              limit={BAR_LIMIT}
              locale={locale}
              width={printing ? printWidth : staticChartWidth}
              interactive={!printing && staticChartWidth === undefined}
              animate={false}
              conversionCurrency={conversionCurrency}
            />,
          )
        ) : (
          <>
            <NeedsCode part="charts" />
            <Skeleton data-chart-placeholder="breakdown" className={BARS_HEIGHT} />
          </>
        )}
      </div>
      <div className={table}>
        {charts?.BreakdownTable ? (
          <charts.BreakdownTable
            key={printing ? 'print' : 'screen'}
            breakdown={loaded}
            locale={locale}
            maxHeight={printing ? 'none' : TABLE_MAX_HEIGHT}
            hiddenColumns={hiddenColumns(Boolean(printing), Boolean(conversionCurrency))}
            printing={printing}
            conversionCurrency={conversionCurrency}
            rate={rate}
          />
        ) : (
          <>
            <NeedsCode part="tables" />
            <Skeleton data-table-placeholder="breakdown" className={TABLE_HEIGHT} />
          </>
        )}
      </div>
    </>
  );
}
