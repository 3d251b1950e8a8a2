import { describe, expect, it } from 'vitest';
import { csvDelimiter, csvRow, neutralizeCell } from './csv.ts';

describe('csv', () => {
  it('neutralises text a spreadsheet would run as a formula, and leaves numbers alone', () => {
    expect(['=1+1', '+7 912', '-2', '@SUM(A1)', '\t=1', '\r=1'].map(neutralizeCell)).toEqual(["'=1+1", "'+7 912", "'-2", "'@SUM(A1)", "'\t=1", "'\r=1"]);
    expect([-2, 5, 'a=b', 'Клиент', null, undefined].map(neutralizeCell)).toEqual(['-2', '5', 'a=b', 'Клиент', '', '']);
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
