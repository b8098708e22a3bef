// Text a spreadsheet would read as a formula (docs/security.md, "The fourth review"): a cell whose text
// starts with = + - @, a tab or a carriage return gets a leading apostrophe, in every download (CSV,
// XLSX, the pivot, the tag sheet), so a creative, campaign or site name can never become a formula
// (`=HYPERLINK(...)`) in the reader's spreadsheet program. The tag sheets' CSV and the reports' CSV share
// `csvField`, and both kinds of file their content types. Here, below the reports, for the campaigns' tag
// sheets and the reports' files alike (docs/architecture.md, "Inside the API").
import type ExcelJS from 'exceljs';

export const CSV_TYPE = 'text/csv; charset=utf-8';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const FORMULA_START = /^[=+\-@\t\r]/;

/** The text as a spreadsheet cell may hold it: a leading apostrophe before a formula's first character. */
const formulaSafe = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/**
 * One CSV field: quoted when it must be (RFC 4180), and neutralised when a spreadsheet would read it
 * as a formula (a text starting with = + - @, a tab or a carriage return gets a leading apostrophe).
 */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = formulaSafe(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Every text cell of the workbook made formula-safe (numbers, dates and formulas of ours untouched). */
export function guardWorkbookText(workbook: ExcelJS.Workbook): void {
  workbook.eachSheet((sheet) => {
    sheet.eachRow({ includeEmpty: false }, (row) => {
      row.eachCell({ includeEmpty: false }, (cell) => {
        if (typeof cell.value === 'string' && FORMULA_START.test(cell.value))
          cell.value = formulaSafe(cell.value);
      });
    });
  });
}
