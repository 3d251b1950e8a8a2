/**
 * CSV for spreadsheets (DESIGN.md §9): RFC 4180 quoting, CRLF line ends, a UTF-8 byte order mark
 * so that Excel reads the text as UTF-8, and formula-like text cells neutralised.
 */
export const UTF8_BOM = '\uFEFF';

/** Cells Excel would run as a formula: = + - @, and tab or carriage return in front of one. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text that a spreadsheet would read as a formula gets a leading apostrophe; numbers stay numbers. */
export function neutralizeCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  const text = value instanceof Date ? value.toISOString() : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One CSV line (with CRLF) of neutralised, quoted-where-needed cells. */
export function csvRow(values: unknown[], delimiter = ','): string {
  return (
    values
      .map((value) => {
        const cell = neutralizeCell(value);
        const quote = cell.includes(delimiter) || /["\r\n]/.test(cell) || cell !== cell.trim();
        return quote ? `"${cell.replaceAll('"', '""')}"` : cell;
      })
      .join(delimiter) + '\r\n'
  );
}

/**
 * The list separator Excel expects for a language: ';' where the decimal separator is a comma
 * (ru), ',' otherwise (en). See docs/decisions/admin-web.md, "Satisfaction survey".
 */
export const csvDelimiter = (lang: 'ru' | 'en') => (lang === 'ru' ? ';' : ',');
