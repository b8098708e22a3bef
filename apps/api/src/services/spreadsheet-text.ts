// Text a spreadsheet would read as a formula (docs/security.md, "The fourth review"): a cell whose text
// starts with = + - @, a tab or a carriage return gets a leading apostrophe, in every download (CSV,
// XLSX, the pivot, the tag sheet), so a creative, campaign or site name can never become a formula
// (`=HYPERLINK(...)`) in the reader's spreadsheet program.
import type ExcelJS from 'exceljs';

const FORMULA_START = /^[=+\-@\t\r]/;

/** The text as a spreadsheet cell may hold it: a leading apostrophe before a formula's first character. */
export const formulaSafe = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

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
