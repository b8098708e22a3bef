// The billing statement's table (docs/reports.md, "Billing statement"): each insertion order's campaigns
// under its name and PO number, its subtotal after them, campaigns without an order last, and the total.
// Amounts are the statement's own (rounded on the server); a line without a rate says why it is not in
// the total; invalid traffic has its own column, never billed.
import { type BillingStatement, formatMoney, type StatementLine } from '@adconsole/domain';
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from '@adconsole/ui';

const count = (value: number | null) => (value === null ? '—' : value.toLocaleString('en-US'));
const money = (amount: number | null, currency: string | null) =>
  amount === null || currency === null ? '—' : formatMoney(amount, currency);

function LineRow({ line }: { line: StatementLine }) {
  return (
    <TableRow>
      <TableCell className="min-w-48">
        <div className="font-medium">{line.campaignName}</div>
        {line.note ? <div className="text-muted-foreground text-xs">{line.note}</div> : null}
      </TableCell>
      <TableCell>{line.model ?? '—'}</TableCell>
      <TableCell data-numeric="">{count(line.units)}</TableCell>
      <TableCell data-numeric="">{money(line.rate, line.currency)}</TableCell>
      <TableCell data-numeric="">{count(line.invalidUnits)}</TableCell>
      <TableCell data-numeric="" className={line.inTotal ? undefined : 'text-muted-foreground'}>
        {money(line.amount, line.currency)}
      </TableCell>
    </TableRow>
  );
}

export function StatementTable({ statement }: { statement: BillingStatement }) {
  const invalid = statement.byOrder.reduce((sum, order) => sum + order.invalidUnits, 0);
  return (
    <Table aria-label="Statement">
      <TableHeader>
        <TableRow>
          <TableHead>Campaign</TableHead>
          <TableHead>Model</TableHead>
          <TableHead data-numeric="">Units</TableHead>
          <TableHead data-numeric="">Rate</TableHead>
          <TableHead data-numeric="">Invalid (not billed)</TableHead>
          <TableHead data-numeric="">Amount</TableHead>
        </TableRow>
      </TableHeader>
      {statement.byOrder.map((order) => (
        <TableBody key={order.insertionOrderId ?? 'none'} aria-label={order.name}>
          <TableRow className="bg-muted/50 hover:bg-muted/50">
            <TableHead colSpan={6} scope="rowgroup" className="font-semibold text-foreground">
              {order.name}
              {order.poNumber ? (
                <span className="ml-2 font-normal text-muted-foreground">PO {order.poNumber}</span>
              ) : null}
            </TableHead>
          </TableRow>
          {order.lines.map((line) => (
            <LineRow key={line.campaignId} line={line} />
          ))}
          <TableRow>
            <TableCell colSpan={4} className="font-medium">
              Subtotal
            </TableCell>
            <TableCell data-numeric="">{count(order.invalidUnits)}</TableCell>
            <TableCell data-numeric="" className="font-medium">
              {money(order.amount, statement.currency)}
            </TableCell>
          </TableRow>
        </TableBody>
      ))}
      <TableFooter>
        <TableRow>
          <TableCell colSpan={4} className="font-semibold">
            Total
          </TableCell>
          <TableCell data-numeric="">{count(invalid)}</TableCell>
          <TableCell data-numeric="" className="font-semibold" data-testid="statement-total">
            {money(statement.total, statement.currency)}
          </TableCell>
        </TableRow>
      </TableFooter>
    </Table>
  );
}
