import { describe, expect, it } from 'vitest';
import { csvDelimiter, csvRow } from './csv.ts';
import { csvCell } from './sheet-cells.ts';

describe('csv', () => {
  it('neutralises text a spreadsheet would run as a formula, and leaves numbers, booleans and dates alone', () => {
    expect(['=1+1', '+7 912', '-2', '@SUM(A1)', '\t=1', '\r=1'].map(csvCell)).toEqual(["'=1+1", "'+7 912", "'-2", "'@SUM(A1)", "'\t=1", "'\r=1"]);
    expect([-2, 5, true, false, 'a=b', 'Клиент', null, undefined].map(csvCell)).toEqual(['-2', '5', 'yes', 'no', 'a=b', 'Клиент', '', '']);
    // A date-time is its wall clock, to the minute.
    expect(csvCell(new Date(Date.UTC(2026, 10, 29, 9, 5, 42)))).toBe('2026-11-29 09:05');
  });

  it('quotes cells with the delimiter, quotes, line breaks or edge spaces, and ends lines with CRLF', () => {
    expect(csvRow(['a', 'b,c', 'say "hi"', 'two\nlines', ' pad', 3])).toBe('a,"b,c","say ""hi""","two\nlines"," pad",3\r\n');
    expect(csvRow(['a;b', 'c,d'], ';')).toBe('"a;b";c,d\r\n');
    expect(csvRow(['=cmd|"/c calc"!A1'])).toBe(`"'=cmd|""/c calc""!A1"\r\n`);
  });

  it("uses the list separator Excel expects for the language", () => {
    expect(csvDelimiter('ru')).toBe(';');
    expect(csvDelimiter('en')).toBe(',');
  });
});
