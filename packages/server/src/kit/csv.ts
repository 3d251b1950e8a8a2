import { csvCell, type SheetValue } from './sheet-cells.ts';

/**
 * CSV for spreadsheets (DESIGN.md §9): RFC 4180 quoting, CRLF line ends, a UTF-8 byte order mark
 * so that Excel reads the text as UTF-8; each value made text by kit/sheet-cells.ts (formula-like
 * text neutralised).
 */
export const UTF8_BOM = '\uFEFF';

/** One CSV line (with CRLF) of neutralised, quoted-where-needed cells. */
export function csvRow(values: readonly SheetValue[], delimiter = ','): string {
  return (
    values
      .map((value) => {
        const cell = csvCell(value);
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
