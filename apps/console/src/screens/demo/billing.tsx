// /billing (admin menu): a demo page of sample content: the payment card, the invoices and the
// profile card, built only from the library's components.
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@adconsole/ui';
import { demoCard, demoInvoices } from './demo-data';
import { DemoProfileCard } from './profile-card';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function BillingPage() {
  return (
    <div className="grid gap-6 [&>*]:min-w-0">
      <h1 className="font-semibold text-2xl">Billing</h1>
      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <Card>
          <CardHeader>
            <h2 className="font-semibold leading-tight">Payment card</h2>
            <CardDescription>Sample content: no card is charged.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="grid gap-6 rounded-lg bg-primary p-5 text-primary-foreground">
              <div className="flex items-center justify-between">
                <span className="font-semibold">{demoCard.brand}</span>
                <span className="text-sm">Expires {demoCard.expires}</span>
              </div>
              <div className="font-mono text-lg tracking-widest">•••• •••• •••• {demoCard.last4}</div>
              <div className="text-sm">{demoCard.holder}</div>
            </div>
            <Button variant="outline" className="justify-self-start">
              Change card
            </Button>
          </CardContent>
        </Card>
        <DemoProfileCard />
      </div>
      <Card>
        <CardHeader>
          <h2 className="font-semibold leading-tight">Invoices</h2>
        </CardHeader>
        <CardContent>
          <Table aria-label="Invoices">
            <TableHeader>
              <TableRow>
                <TableHead>Invoice</TableHead>
                <TableHead>Date</TableHead>
                <TableHead data-numeric="">Amount</TableHead>
                <TableHead>Status</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {demoInvoices.map((invoice) => (
                <TableRow key={invoice.number}>
                  <TableCell className="font-medium">{invoice.number}</TableCell>
                  <TableCell className="tabular-nums">{invoice.date}</TableCell>
                  <TableCell data-numeric="">{money.format(invoice.amount)}</TableCell>
                  <TableCell>
                    <Badge variant={invoice.status === 'Paid' ? 'success' : 'warning'}>
                      {invoice.status}
                    </Badge>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </div>
  );
}
