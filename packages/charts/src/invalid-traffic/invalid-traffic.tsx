import { filteredTotals, type InvalidConversions, type InvalidTraffic } from '@adconsole/domain';
import {
  cn,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from '@adconsole/ui';
import type * as React from 'react';
import { defaultLocale, formatCount, formatRate } from '../lib/format';

export type InvalidTrafficTableProps = React.ComponentProps<'div'> & {
  /** The report's invalid traffic (`data.invalid`). */
  invalid: InvalidTraffic;
  /** The report's valid impressions: the summary then says what share of all impressions was filtered. */
  impressions?: number;
  /**
   * Conversions received but not counted, by reason (`data.invalidConversions`): listed under the
   * events when given (a campaign with conversion actions).
   */
  conversions?: InvalidConversions;
  /** The report's counted conversions: the conversions' summary then says what share was not counted. */
  countedConversions?: number;
  /** BCP 47 locale for numbers; the browser's by default. */
  locale?: string;
};

/**
 * A reason's cell: it wraps (at least 5rem wide), so the counts keep their room and the table fits a
 * 390 px phone; a table still wider scrolls in its container, the hidden side fading (ui's Table).
 */
const REASON_CLASSES = 'min-w-20 whitespace-normal py-2 text-foreground';
/** The tables' cells a little tighter, their headers wrapping ('All / events'): room for the counts. */
const TABLE_CLASSES = '[&_td]:px-2 [&_th]:px-2 [&_thead_th]:whitespace-normal';

/**
 * What invalid-traffic filtering left out of the report, by reason: impressions, clicks and every event.
 * None of it is in the report's other figures.
 */
export function InvalidTrafficTable({
  invalid,
  impressions,
  conversions,
  countedConversions,
  locale = defaultLocale(),
  className,
  ...props
}: InvalidTrafficTableProps) {
  const filtered = filteredTotals(invalid);
  const received = impressions === undefined ? undefined : impressions + filtered.impressions;
  return (
    <div data-slot="invalid-traffic" className={cn('grid gap-3', className)} {...props}>
      <p data-slot="invalid-traffic-summary" className="text-muted-foreground text-sm">
        {invalid.total === 0
          ? 'No invalid traffic was filtered in this range.'
          : `${formatCount(filtered.impressions, locale)} impressions and ${formatCount(filtered.clicks, locale)} clicks were filtered as invalid traffic${
              received
                ? ` (${formatRate((filtered.impressions / received) * 100, locale)} of impressions received)`
                : ''
            }. They are not in any other figure of this report.`}
      </p>
      {invalid.total > 0 ? (
        <Table className={TABLE_CLASSES}>
          <TableCaption className="sr-only">Invalid traffic by reason</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Reason</TableHead>
              <TableHead scope="col" data-numeric="">
                Impressions
              </TableHead>
              <TableHead scope="col" data-numeric="">
                Clicks
              </TableHead>
              <TableHead scope="col" data-numeric="">
                All events
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {invalid.byReason.map((row) => (
              <TableRow key={row.reason} data-reason={row.reason}>
                <TableHead scope="row" className={cn(REASON_CLASSES, 'font-normal')}>
                  {row.label}
                </TableHead>
                <CountCells counts={[row.impressions, row.clicks, row.events]} locale={locale} />
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableHead scope="row" className={REASON_CLASSES}>
                Total filtered
              </TableHead>
              <CountCells counts={[filtered.impressions, filtered.clicks, invalid.total]} locale={locale} />
            </TableRow>
          </TableFooter>
        </Table>
      ) : null}
      {conversions ? (
        <InvalidConversionsTable conversions={conversions} counted={countedConversions} locale={locale} />
      ) : null}
    </div>
  );
}

/** Conversions received but not counted, by reason, under the invalid events. */
function InvalidConversionsTable({
  conversions,
  counted,
  locale,
}: {
  conversions: InvalidConversions;
  counted: number | undefined;
  locale: string;
}) {
  const received = counted === undefined ? undefined : counted + conversions.total;
  return (
    <>
      <p data-slot="invalid-conversions-summary" className="mt-3 text-muted-foreground text-sm">
        {conversions.total === 0
          ? 'Every conversion received in this range was counted.'
          : `${formatCount(conversions.total, locale)} conversion${conversions.total === 1 ? ' was' : 's were'} received but not counted${
              received
                ? ` (${formatRate((conversions.total / received) * 100, locale)} of conversions received)`
                : ''
            }. They are in no conversion figure of this report.`}
      </p>
      {conversions.total > 0 ? (
        <Table data-slot="invalid-conversions" className={TABLE_CLASSES}>
          <TableCaption className="sr-only">Invalid conversions by reason</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Reason not counted</TableHead>
              <TableHead scope="col" data-numeric="">
                Conversions
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {conversions.byReason.map((row) => (
              <TableRow key={row.reason} data-reason={row.reason}>
                <TableHead scope="row" className={cn(REASON_CLASSES, 'font-normal')}>
                  {row.label}
                </TableHead>
                <CountCells counts={[row.conversions]} locale={locale} />
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableHead scope="row" className={REASON_CLASSES}>
                Total not counted
              </TableHead>
              <CountCells counts={[conversions.total]} locale={locale} />
            </TableRow>
          </TableFooter>
        </Table>
      ) : null}
    </>
  );
}

/** A row's counts: impressions, clicks and every event, or its conversions. */
function CountCells({ counts, locale }: { counts: readonly number[]; locale: string }) {
  return counts.map((count, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
    <TableCell key={index} data-numeric="">
      {formatCount(count, locale)}
    </TableCell>
  ));
}
