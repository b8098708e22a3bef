// The billing statement as files (docs/reports.md, "Billing statement"): a CSV (one row per line, then
// each insertion order's subtotal and the total, then the statement's facts), an XLSX (the same on one
// sheet under a heading, amounts as numbers in the currency's digits) and an A4 PDF (pdfmake, the
// scheduled reports' fonts). Every file prints the statement's own amounts: nothing is recomputed here.
// Built in the report worker thread (report-worker.ts); texts a spreadsheet could read as a formula are
// neutralised (spreadsheet-text.ts).
import {
  type BillingStatement,
  monthLabel,
  NO_INSERTION_ORDER,
  STATEMENT_MESSAGES,
  type StatementFileFormat,
  type StatementLine,
  statementAmountText,
  statementNotInTotalNote,
} from '@adconsole/domain';
import ExcelJS from 'exceljs';
import pdfmake from 'pdfmake';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { csvField, guardWorkbookText } from '../campaigns/spreadsheet-text';
import { configurePdf } from './pdf-fonts';

const HEADERS = [
  'Row',
  'Insertion order',
  'PO number',
  'Campaign ID',
  'Campaign',
  'Rate model',
  'Units',
  'Rate',
  'Currency',
  'Amount',
  'Invalid units (not billed)',
  'Note',
];

type Cell = string | number | null;

/** The table's rows: each line, each order's subtotal after its lines, then the total. */
function statementRows(
  statement: BillingStatement,
  amount: (value: number, currency: string) => Cell,
): Cell[][] {
  const rows: Cell[][] = [];
  const lineRow = (order: string, line: StatementLine): Cell[] => [
    'Line',
    order,
    line.poNumber,
    line.campaignId,
    line.campaignName,
    line.model,
    line.units,
    line.rate === null || line.currency === null ? null : amount(line.rate, line.currency),
    line.currency,
    line.amount === null || line.currency === null ? null : amount(line.amount, line.currency),
    line.invalidUnits,
    line.note,
  ];
  for (const order of statement.byOrder) {
    for (const line of order.lines) rows.push(lineRow(order.name, line));
    rows.push([
      'Subtotal',
      order.name,
      order.poNumber,
      null,
      null,
      null,
      null,
      null,
      statement.currency,
      amount(order.amount, statement.currency),
      order.invalidUnits,
      null,
    ]);
  }
  rows.push([
    'Total',
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    statement.currency,
    amount(statement.total, statement.currency),
    statement.byOrder.reduce((sum, order) => sum + order.invalidUnits, 0),
    statement.linesNotInTotal > 0
      ? statementNotInTotalNote(statement.linesNotInTotal, statement.currency)
      : null,
  ]);
  return rows;
}

/** The statement's facts: whose, which month and zone, and whether the month is still running. */
const facts = (statement: BillingStatement): [string, string][] => [
  ['Advertiser', statement.advertiser.name],
  ...(statement.advertiser.billingName
    ? [['Billing name', statement.advertiser.billingName] as [string, string]]
    : []),
  ...(statement.advertiser.billingEmail
    ? [['Billing e-mail', statement.advertiser.billingEmail] as [string, string]]
    : []),
  ['Month', `${statement.month} (${statement.start} to ${statement.end})`],
  ['Time zone', statement.timezone],
  ['Currency', statement.currency],
  ['Status', statement.running ? STATEMENT_MESSAGES.running : 'Complete month'],
  ['Generated at', statement.generatedAt],
];

// ---- CSV

/** A cell of the statement's CSV: empty for none, else as the report downloads write theirs. */
const statementCsvField = (value: Cell): string => (value === null ? '' : csvField(value));

/** UTF-8 CSV (with a BOM, as the report downloads): the table, an empty line, then the facts. */
function statementCsv(statement: BillingStatement): Buffer {
  const lines = [HEADERS, ...statementRows(statement, statementAmountText)].map((row) =>
    row.map(statementCsvField).join(','),
  );
  lines.push('', ['Statement', ''].join(','));
  for (const [label, value] of facts(statement)) lines.push([label, value].map(statementCsvField).join(','));
  return Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
}

// ---- XLSX

const amountFormat = (digits: number) => (digits > 0 ? `#,##0.${'0'.repeat(digits)}` : '#,##0');

/** One sheet: a heading, the facts, then the table under a bold header, amounts as numbers. */
async function statementWorkbook(statement: BillingStatement): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Adconsole';
  const sheet = workbook.addWorksheet('Statement');
  sheet.columns = HEADERS.map((header, index) => ({
    width: [10, 26, 14, 26, 30, 10, 14, 10, 9, 16, 14, 36][index] ?? 14,
    key: header,
  }));
  sheet.addRow([`Billing statement: ${statement.advertiser.name}`]).font = { bold: true, size: 14 };
  for (const fact of facts(statement)) sheet.addRow(fact);
  sheet.addRow([]);
  const headerRow = sheet.addRow(HEADERS);
  headerRow.font = { bold: true };
  const digits = (currency: string) => statementAmountText(0, currency).split('.')[1]?.length ?? 0;
  for (const cells of statementRows(statement, (value) => value)) {
    const row = sheet.addRow(cells);
    const currency = typeof cells[8] === 'string' ? cells[8] : statement.currency;
    for (const column of [8, 10]) row.getCell(column).numFmt = amountFormat(digits(currency));
    for (const column of [7, 11]) row.getCell(column).numFmt = '#,##0';
    if (cells[0] !== 'Line') row.font = { bold: true };
  }
  guardWorkbookText(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

// ---- PDF

const money = (amount: number | null, currency: string | null) =>
  amount === null || currency === null
    ? ''
    : new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
const count = (value: number | null) => (value === null ? '' : value.toLocaleString('en-US'));
const right = (text: string, bold = false): TableCell => ({ text, alignment: 'right', bold });

/** Each order's lines under its name, its subtotal row, and at the end the total row. */
function pdfTable(statement: BillingStatement): Content {
  const head = ['Campaign', 'Model', 'Units', 'Rate', 'Invalid (not billed)', 'Amount'].map(
    (text, index) => ({
      text,
      style: 'th',
      alignment: index < 2 ? ('left' as const) : ('right' as const),
    }),
  );
  const body: TableCell[][] = [head];
  for (const order of statement.byOrder) {
    const title =
      order.insertionOrderId === null ? NO_INSERTION_ORDER : `${order.name} · PO ${order.poNumber ?? ''}`;
    body.push([{ text: title, colSpan: 6, bold: true, margin: [0, 4, 0, 0] }, '', '', '', '', '']);
    for (const line of order.lines)
      body.push([
        {
          stack: [
            line.campaignName,
            ...(line.note ? [{ text: line.note, fontSize: 7, color: '#6b7280' }] : []),
          ],
        },
        line.model ?? '',
        right(count(line.units)),
        right(money(line.rate, line.currency)),
        right(count(line.invalidUnits)),
        right(line.amount === null ? '—' : money(line.amount, line.currency)),
      ]);
    body.push([
      { text: `Subtotal ${order.name}`, colSpan: 4, bold: true },
      '',
      '',
      '',
      right(count(order.invalidUnits), true),
      right(money(order.amount, statement.currency), true),
    ]);
  }
  body.push([
    { text: 'Total', colSpan: 5, bold: true, fontSize: 11 },
    '',
    '',
    '',
    '',
    { text: money(statement.total, statement.currency), alignment: 'right', bold: true, fontSize: 11 },
  ]);
  return {
    table: { headerRows: 1, widths: ['*', 40, 70, 60, 60, 80], body, dontBreakRows: true },
    layout: 'lightHorizontalLines',
  };
}

/** The statement as an A4 PDF: heading, facts, the table by insertion order and the total. */
async function statementPdf(statement: BillingStatement): Promise<Buffer> {
  configurePdf();
  const content: Content[] = [
    { text: 'Billing statement', style: 'title' },
    {
      text: `${statement.advertiser.name} · ${monthLabel(statement.month)} · ${statement.timezone}`,
      style: 'subtitle',
    },
    ...(statement.running
      ? [{ text: `${STATEMENT_MESSAGES.running}: the amounts grow until the month ends.`, style: 'running' }]
      : []),
    {
      table: { widths: [90, '*'], body: facts(statement).map(([label, value]) => [label, value]) },
      layout: 'noBorders',
      margin: [0, 0, 0, 12],
    },
    statement.lines.length === 0
      ? { text: 'No campaign of this advertiser delivered in the month.', italics: true }
      : pdfTable(statement),
    {
      text: 'Amounts: the valid units the rate prices times the rate, each line rounded half up to the minor unit; the total is the sum of the lines. Invalid traffic is counted apart and never billed.',
      style: 'note',
    },
  ];
  const definition: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [40, 50, 40, 50],
    info: {
      title: `Billing statement ${statement.advertiser.name} ${statement.month}`,
      creator: 'Adconsole',
    },
    content,
    footer: (page: number, pages: number) => ({
      text: `Adconsole · ${statement.advertiser.name} · ${statement.month} · page ${page} of ${pages}`,
      alignment: 'center',
      fontSize: 8,
      color: '#6b7280',
      margin: [0, 20, 0, 0],
    }),
    styles: {
      title: { fontSize: 18, bold: true, margin: [0, 0, 0, 2] },
      subtitle: { fontSize: 10, color: '#4b5563', margin: [0, 0, 0, 8] },
      running: { fontSize: 10, bold: true, color: '#b45309', margin: [0, 0, 0, 8] },
      th: { bold: true, fontSize: 8, color: '#374151' },
      note: { fontSize: 8, color: '#6b7280', margin: [0, 12, 0, 0] },
    },
    defaultStyle: { font: 'Roboto', fontSize: 9 },
  };
  return Buffer.from(await pdfmake.createPdf(definition).getBuffer());
}

/** A statement file's bytes (run in the worker thread: report-worker.ts). */
export const statementFileBytes = (
  statement: BillingStatement,
  format: StatementFileFormat,
): Promise<Buffer> =>
  format === 'csv'
    ? Promise.resolve(statementCsv(statement))
    : format === 'xlsx'
      ? statementWorkbook(statement)
      : statementPdf(statement);
