import type { ReportCodeCount } from '@adconsole/domain';
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
import { defaultLocale, formatCount } from '../lib/format';

export type VastErrorsTableProps = React.ComponentProps<'div'> & {
  /** The report's VAST errors by code (`data.errors`), most first. */
  errors: readonly ReportCodeCount[];
  /** Verifications the players did not execute, by reason (`data.verificationNotExecuted`). */
  verificationNotExecuted?: readonly ReportCodeCount[];
  /** BCP 47 locale for numbers; the browser's by default. */
  locale?: string;
};

/**
 * What video players reported going wrong with the ad: VAST errors by code (with the VAST 4.2 meaning)
 * and verification scripts they did not run, by reason. Renders nothing when there is neither.
 */
export function VastErrorsTable({
  errors,
  verificationNotExecuted = [],
  locale = defaultLocale(),
  className,
  ...props
}: VastErrorsTableProps) {
  if (errors.length === 0 && verificationNotExecuted.length === 0) return null;
  const total = (rows: readonly ReportCodeCount[]) => rows.reduce((sum, row) => sum + row.count, 0);
  return (
    <div data-slot="vast-errors" className={cn('grid gap-4', className)} {...props}>
      {errors.length > 0 ? (
        <CodeTable
          caption="VAST errors by code"
          kind="error"
          rows={errors}
          totalLabel="All errors"
          total={total(errors)}
          locale={locale}
        />
      ) : null}
      {verificationNotExecuted.length > 0 ? (
        <CodeTable
          caption="Verifications not executed by reason"
          kind="verification"
          rows={verificationNotExecuted}
          totalLabel="All verifications not executed"
          total={total(verificationNotExecuted)}
          locale={locale}
        />
      ) : null}
    </div>
  );
}

function CodeTable({
  caption,
  kind,
  rows,
  totalLabel,
  total,
  locale,
}: {
  caption: string;
  kind: 'error' | 'verification';
  rows: readonly ReportCodeCount[];
  totalLabel: string;
  total: number;
  locale: string;
}) {
  return (
    <Table data-kind={kind}>
      <TableCaption className="sr-only">{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col" className="w-20">
            Code
          </TableHead>
          <TableHead scope="col">{kind === 'error' ? 'Error' : 'Reason'}</TableHead>
          <TableHead scope="col" data-numeric="">
            Reports
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.code} data-code={row.code}>
            <TableCell className="tabular-nums">{row.code}</TableCell>
            <TableHead scope="row" className="font-normal text-foreground">
              {row.label}
            </TableHead>
            <TableCell data-numeric="">{formatCount(row.count, locale)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        <TableRow>
          <TableCell />
          <TableHead scope="row" className="text-foreground">
            {totalLabel}
          </TableHead>
          <TableCell data-numeric="">{formatCount(total, locale)}</TableCell>
        </TableRow>
      </TableFooter>
    </Table>
  );
}
