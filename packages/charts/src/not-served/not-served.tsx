import {
  FIGURE_OF_NOTE,
  FIGURE_OF_OUTCOME,
  figureSpec,
  NOT_SERVED_REASONS,
  type NotServed,
  REQUEST_NOTE_NAMES,
  SERVED_FIGURE_KEYS,
  SERVED_OUTCOMES,
  shortLabel,
} from '@adconsole/domain';
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

export type NotServedPanelProps = React.ComponentProps<'div'> & {
  /** The report's ad requests by outcome (`data.notServed`). */
  notServed: NotServed;
  /** BCP 47 locale for numbers; the browser's by default. */
  locale?: string;
};

/**
 * "Requests not served, by reason": how many of the campaign's ad requests got an ad and why the others
 * did not (outside the flight, paused or archived, a delivery rule, no eligible creative), each reason
 * with its share of all requests, most first, its bar against the largest. Requests = served + each
 * reason; the served ones that went to invalid traffic (they spend no budget or cap) and those served
 * uncapped because the request gave no consent to keep a cap history (docs/privacy.md) are said apart, and
 * the requests that carried a note (a device id not usable, a site claim its referrer contradicts) are
 * listed under the table, not part of the sum. The words are the figures' (the domain's REPORT_FIGURES).
 */
export function NotServedPanel({
  notServed,
  locale = defaultLocale(),
  className,
  ...props
}: NotServedPanelProps) {
  const { totals } = notServed;
  const requests = totals.adRequests;
  const share = (count: number) => (requests > 0 ? (count / requests) * 100 : 0);
  const reasons = NOT_SERVED_REASONS.map((reason) => {
    const key = FIGURE_OF_OUTCOME[reason];
    return { reason, label: shortLabel(figureSpec(key)), count: totals[key] };
  })
    .filter((row) => row.count > 0)
    .sort((a, b) => b.count - a.count);
  const invalid = totals.adsServedInvalid;
  // Every way a request got an ad: served, to invalid traffic, uncapped for want of consent.
  const served = SERVED_FIGURE_KEYS.reduce((sum, key) => sum + totals[key], 0);
  const servedApart = SERVED_OUTCOMES.filter((entry) => entry.outcome !== 'served')
    .map((entry) => ({ outcome: entry.outcome, key: entry.figure.key, count: totals[entry.figure.key] }))
    .filter((row) => row.count > 0);
  const refused = requests - served;
  const notes = REQUEST_NOTE_NAMES.map((note) => {
    const key = FIGURE_OF_NOTE[note];
    return { note, label: figureSpec(key).label, count: totals[key] };
  }).filter((row) => row.count > 0);
  // The bars measure each reason against the largest, so the order reads at a glance.
  const largest = reasons[0]?.count ?? 0;
  return (
    <div data-slot="not-served" className={cn('grid gap-3', className)} {...props}>
      <p data-slot="not-served-summary" className="text-muted-foreground text-sm">
        {requests === 0
          ? 'No ad requests reached this campaign’s tags in this range.'
          : `${formatCount(requests, locale)} ad requests: ${formatCount(served, locale)} served (${formatRate(share(served), locale)})${invalid > 0 ? `, ${formatCount(invalid, locale)} of them to invalid traffic` : ''}, ${formatCount(refused, locale)} not served.`}
      </p>
      {requests > 0 ? (
        <Table>
          <TableCaption className="sr-only">Requests not served by reason</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Reason</TableHead>
              <TableHead scope="col" data-numeric="">
                Requests
              </TableHead>
              <TableHead scope="col" data-numeric="">
                Share of requests
              </TableHead>
              <TableHead scope="col" className="w-1/3">
                <span className="sr-only">Share as a bar</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {reasons.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4} className="text-muted-foreground">
                  Every request was served.
                </TableCell>
              </TableRow>
            ) : (
              reasons.map((row) => (
                <TableRow key={row.reason} data-reason={row.reason}>
                  <TableHead scope="row" className="font-normal text-foreground">
                    {row.label}
                  </TableHead>
                  <TableCell data-numeric="">{formatCount(row.count, locale)}</TableCell>
                  <TableCell data-numeric="">{formatRate(share(row.count), locale)}</TableCell>
                  <TableCell aria-hidden="true">
                    <span
                      className="block h-2 rounded-sm bg-[var(--chart-8)]"
                      style={{ width: `${Math.max((row.count / largest) * 100, 1)}%` }}
                    />
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableHead scope="row" className="font-normal text-foreground">
                {shortLabel(figureSpec('adsServed'))}
              </TableHead>
              <TableCell data-numeric="">{formatCount(totals.adsServed, locale)}</TableCell>
              <TableCell data-numeric="">{formatRate(share(totals.adsServed), locale)}</TableCell>
              <TableCell />
            </TableRow>
            {servedApart.map((row) => (
              <TableRow key={row.outcome} data-outcome={row.outcome}>
                <TableHead scope="row" className="font-normal text-foreground">
                  {shortLabel(figureSpec(row.key))}
                </TableHead>
                <TableCell data-numeric="">{formatCount(row.count, locale)}</TableCell>
                <TableCell data-numeric="">{formatRate(share(row.count), locale)}</TableCell>
                <TableCell />
              </TableRow>
            ))}
            <TableRow>
              <TableHead scope="row" className="text-foreground">
                {figureSpec('adRequests').label}
              </TableHead>
              <TableCell data-numeric="">{formatCount(requests, locale)}</TableCell>
              <TableCell data-numeric="">{formatRate(100, locale)}</TableCell>
              <TableCell />
            </TableRow>
          </TableFooter>
        </Table>
      ) : null}
      {notes.length > 0 ? (
        <ul data-slot="not-served-notes" className="grid gap-1 text-muted-foreground text-sm">
          {notes.map((row) => (
            <li key={row.note} data-note={row.note}>
              {row.label}: {formatCount(row.count, locale)} ({formatRate(share(row.count), locale)} of
              requests)
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
