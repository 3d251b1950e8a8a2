import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { readSpreadsheetRows } from './spreadsheet-rows.ts';

/** A workbook written by exceljs, its first sheet's XML edited by `edit` (to write what Excel writes and exceljs does not). */
async function workbook(rows: ExcelJS.CellValue[][], edit: (xml: string) => string = (xml) => xml): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Лист');
  for (const row of rows) sheet.addRow(row);
  book.addWorksheet('Второй').addRow(['not', 'read']);
  const zip = await JSZip.loadAsync(Buffer.from(await book.xlsx.writeBuffer()));
  zip.file('xl/worksheets/sheet1.xml', edit(await zip.file('xl/worksheets/sheet1.xml')!.async('string')));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof AppError ? { key: error.key, params: error.params } : error),
  );

describe('readSpreadsheetRows on an XLSX', () => {
  it('gives the first sheet\'s cells as exceljs did: texts, numbers, rich text, links, formula results, booleans, errors', async () => {
    const data = await workbook([
      ['name', 'price', 'volume', 'note'],
      ['Kia Rio', 1_650_000, 1.6, { richText: [{ text: 'Зимний ' }, { text: 'пакет', font: { bold: true } }] }],
      [],
      ['  Ссылка  ', { formula: 'B2*2', result: 3_300_000 }, { formula: 'CONCATENATE("a","b")', result: 'ab' }, { text: 'сайт', hyperlink: 'https://example.test/' }],
      [true, false, { error: '#N/A' }, null, 'после пропуска'],
      ['0.1+0.2', 0.30000000000000004, 1e21, -0.5],
    ], (xml) => xml.replace('<v>1.6</v>', '<v>1.6000000000000001</v>'));
    const sheet = await readSpreadsheetRows(data, { maxRows: 10 });
    expect(sheet.format).toBe('xlsx');
    expect(sheet.rows).toEqual([
      { number: 1, cells: ['name', 'price', 'volume', 'note'] },
      // Excel writes 1.6 as 1.6000000000000001: the cell is the number, as JavaScript writes it.
      { number: 2, cells: ['Kia Rio', '1650000', '1.6', 'Зимний пакет'] },
      { number: 4, cells: ['Ссылка', '3300000', 'ab', 'сайт'] },
      { number: 5, cells: ['true', 'false', '', '', 'после пропуска'] },
      { number: 6, cells: ['0.1+0.2', '0.30000000000000004', '1e+21', '-0.5'] },
    ]);
  });

  it('keeps the columns asked for, and refuses a cell longer than allowed, naming it', async () => {
    const data = await workbook([['a', 'b', 'c', 'd'], ['длин', 'x', 'y', 'z']]);
    const sheet = await readSpreadsheetRows(data, { maxRows: 10, maxColumns: 2, maxCellLength: 4 });
    expect(sheet.rows.map((row) => row.cells)).toEqual([['a', 'b'], ['длин', 'x']]);
    const long = await workbook([['a', 'b', 'c', 'd'], ['x', 'y', 'длинный текст', 'z']]);
    expect(await refusal(readSpreadsheetRows(long, { maxRows: 10, maxColumns: 2, maxCellLength: 4 }))).toEqual({ key: 'file_cell_too_long', params: { cell: 'C2', max: 4 } });
  });

  it('refuses more rows than allowed (empty rows not counted), a damaged archive and a ZIP that is no workbook', async () => {
    const rows = [['a'], [], ['b'], ['c']];
    expect((await readSpreadsheetRows(await workbook(rows), { maxRows: 3 })).rows).toHaveLength(3);
    expect(await refusal(readSpreadsheetRows(await workbook(rows), { maxRows: 2 }))).toEqual({ key: 'import_too_many_rows', params: { max: 2 } });
    const data = await workbook([['a']]);
    expect(await refusal(readSpreadsheetRows(data.subarray(0, data.length - 30), { maxRows: 2 }))).toEqual({ key: 'import_file_unreadable', params: undefined });
    const broken = await workbook([['a']], (xml) => xml.replace('</sheetData>', '<row>'));
    expect(await refusal(readSpreadsheetRows(broken, { maxRows: 2 }))).toEqual({ key: 'import_file_unreadable', params: undefined });
    const zip = new JSZip().file('hello.txt', 'not a workbook');
    expect(await refusal(readSpreadsheetRows(await zip.generateAsync({ type: 'nodebuffer' }), { maxRows: 2 }))).toEqual({ key: 'import_file_unreadable', params: undefined });
  });

  it('refuses a workbook that unpacks past the bound (a zip bomb) before reading it', async () => {
    const data = await workbook([['a'], ['x'.repeat(100_000)]]);
    expect(await refusal(readSpreadsheetRows(data, { maxRows: 5, maxUnpackedBytes: 50_000 }))).toEqual({ key: 'import_file_too_large_unpacked', params: { size: 0 } });
  });
});

describe('readSpreadsheetRows on a CSV', () => {
  it('reads the rows, refuses a cell longer than allowed naming it, a record past its bound at its line, and an unclosed quote', async () => {
    const sheet = await readSpreadsheetRows(Buffer.from('vin;price;note\nXWB1;100;да\n\nXWB2;200;\n'), { maxRows: 10, maxColumns: 2 });
    expect(sheet).toEqual({ format: 'csv', rows: [{ number: 1, cells: ['vin', 'price'] }, { number: 2, cells: ['XWB1', '100'] }, { number: 4, cells: ['XWB2', '200'] }] });
    expect(await refusal(readSpreadsheetRows(Buffer.from(`vin;note\nXWB1;${'x'.repeat(2100)}\nXWB2;${'y'.repeat(2101)}\n`), { maxRows: 10 }))).toEqual({ key: 'file_cell_too_long', params: { cell: 'B3', max: 2100 } });
    expect(await refusal(readSpreadsheetRows(Buffer.from(`vin;note\nXWB1;${'x'.repeat(100_000)}\n`), { maxRows: 10 }))).toEqual({ key: 'file_csv_record_too_long', params: { line: 2, max: 65_536 } });
    expect(await refusal(readSpreadsheetRows(Buffer.from('vin;note\nXWB1;"open\n'), { maxRows: 10 }))).toEqual({ key: 'import_csv_malformed', params: { line: 2 } });
  });
});
