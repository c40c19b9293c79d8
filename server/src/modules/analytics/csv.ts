/** Excel and LibreOffice take the byte-order mark as "this is UTF-8", so Hindi shows as Hindi. */
export const CSV_BOM = '\uFEFF';

const NEEDS_QUOTES = /[",\r\n]/;
/** A cell starting like a formula runs as one in a spreadsheet; passengers write these fields. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field, RFC 4180: quoted when it holds a comma, quote or line break; quotes doubled. */
export function csvField(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One record, ended by CRLF as RFC 4180 asks. */
export const csvRow = (fields: readonly (string | null | undefined)[]) => `${fields.map(csvField).join(',')}\r\n`;
