import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import { hugeCellXlsx } from '../test/hostile-files.ts';
import { XLSX_STRING_LIMITS, xlsxSheetRows, type XlsxRow } from './xlsx-rows.ts';

const DEFAULTS = { ...XLSX_STRING_LIMITS };
afterEach(() => Object.assign(XLSX_STRING_LIMITS, DEFAULTS));

/** A workbook of one sheet written by exceljs (its texts go to the shared strings). */
async function workbook(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Склад');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const read = (data: Buffer) => xlsxSheetRows(data, { maxUnpackedBytes: 50 * 1024 * 1024, maxColumns: 10, maxCellLength: 10_000 });

/**
 * The shared strings' files this process holds open. The file is unlinked as soon as it is open,
 * so Linux lists it as "…/strings (deleted)", and its folder is gone.
 */
function openStringFiles(): string[] {
  const links = fs.readdirSync('/proc/self/fd').map((fd) => {
    try {
      return fs.readlinkSync(path.join('/proc/self/fd', fd));
    } catch {
      return '';
    }
  });
  return links.filter((link) => link.includes('xlsx-strings-'));
}

const description = (n: number) => `Кіа Ріо «Комфорт» № ${n}: зимний пакет, подогрев руля — ₽ ${n * 1000}. `.repeat(1 + (n % 5));
const rowsOf = (count: number) => [['vin', 'brand', 'colour', 'description'], ...Array.from({ length: count }, (_, n) => [`XWB${String(n).padStart(14, '0')}`, n % 2 ? 'Kia' : 'Лада', ['Белый', 'Чёрный', 'Серый'][n % 3]!, description(n)])];

describe('xlsxSheetRows', () => {
  it('reads a workbook whole and right when its shared strings pass the memory bound: long ones and the rest from the file', async () => {
    // VINs (20 characters) stay in memory until 2,000 characters are held; descriptions (longer than 30) go to the file.
    Object.assign(XLSX_STRING_LIMITS, { maxMemoryLength: 30, maxMemoryChars: 2000, writeBuffer: 1024 });
    const rows = rowsOf(600);
    // One description longer than the write buffer goes to the file on its own.
    rows[300]![3] = 'Ё'.repeat(3000);
    const got: XlsxRow[] = [];
    for await (const row of read(await workbook(rows))) got.push(row);
    expect(got.map((row) => row.cells)).toEqual(rows);
    expect(got.map((row) => row.number)).toEqual(rows.map((_, n) => n + 1));
    expect(got[0]!.total).toBe(601);
  });

  it('keeps no file for a small workbook, and frees it after a full read and after a read abandoned half-way', async () => {
    const data = await workbook(rowsOf(200));
    for await (const row of read(data)) expect(row.cells).toHaveLength(4);
    expect(openStringFiles()).toEqual([]);

    Object.assign(XLSX_STRING_LIMITS, { maxMemoryLength: 30, maxMemoryChars: 1000 });
    const rows = read(data);
    let count = 0;
    for await (const row of rows) {
      if (++count === 1) {
        const [file, ...more] = openStringFiles();
        expect(more).toEqual([]);
        expect(file).toMatch(/xlsx-strings-\w+\/strings \(deleted\)$/);
        expect(fs.existsSync(path.dirname(file!))).toBe(false);
      }
      expect(row.cells[3]).toBe(row.number === 1 ? 'description' : description(row.number - 2));
    }
    expect(count).toBe(201);
    expect(openStringFiles()).toEqual([]);

    const abandoned = read(data);
    expect((await abandoned.next()).value?.cells[0]).toBe('vin');
    expect((await abandoned.next()).value?.cells[3]).toBe(description(0));
    expect(openStringFiles()).toHaveLength(1);
    await abandoned.return(undefined);
    expect(openStringFiles()).toEqual([]);
  });

  it('frees the file when the sheet turns out damaged', async () => {
    Object.assign(XLSX_STRING_LIMITS, { maxMemoryLength: 10 });
    const JSZip = (await import('jszip')).default;
    const zip = await JSZip.loadAsync(await workbook(rowsOf(50)));
    zip.file('xl/worksheets/sheet1.xml', (await zip.file('xl/worksheets/sheet1.xml')!.async('string')).replace('</sheetData>', '<row>'));
    const data = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    await expect(
      (async () => {
        for await (const row of read(data)) expect(row.cells).toHaveLength(4);
      })(),
    ).rejects.toMatchObject({ key: 'import_file_unreadable' });
    expect(openStringFiles()).toEqual([]);
  });
});

describe('xlsxSheetRows bounds every cell while it reads it', () => {
  const cellsOf = async (data: Buffer, maxCellLength: number) => {
    const cells: string[][] = [];
    for await (const row of xlsxSheetRows(data, { maxUnpackedBytes: 200 * 1024 * 1024, maxColumns: 10, maxCellLength })) cells.push(row.cells);
    return cells;
  };
  const refusal = (data: Buffer, maxCellLength: number) => cellsOf(data, maxCellLength).then(() => null, (error: { key?: string; params?: unknown }) => ({ key: error.key, params: error.params }));
  const tooLong = (cell: string, max: number) => ({ key: 'file_cell_too_long', params: { cell, max } });

  it('refuses a cell past the bound, naming it: an inline string, a shared string it uses, rich text runs that add up, a formula\'s stored value', async () => {
    expect(await cellsOf(await hugeCellXlsx('inline', 100), 100)).toEqual([['vin', 'description'], ['XWEAB000000000001', 'A'.repeat(100)]]);
    expect(await cellsOf(await hugeCellXlsx('shared', 100), 100)).toEqual([['vin', 'description'], ['XWEAB000000000001', 'A'.repeat(100)]]);
    expect(await refusal(await hugeCellXlsx('inline', 101), 100)).toEqual(tooLong('B2', 100));
    expect(await refusal(await hugeCellXlsx('shared', 101), 100)).toEqual(tooLong('B2', 100));
    const runs = await workbook([['vin', 'note'], ['XWEAB000000000001', { richText: [{ text: 'a'.repeat(60) }, { text: 'b'.repeat(60), font: { bold: true } }] }]]);
    expect(await refusal(runs, 100)).toEqual(tooLong('B2', 100));
    // A formula is never evaluated: its stored value is the cell's, bounded like any other.
    const formula = await workbook([['vin', 'price', 'total'], ['XWEAB000000000001', 1, { formula: 'REPT("x",150)', result: 'x'.repeat(150) }]]);
    expect(await refusal(formula, 100)).toEqual(tooLong('C2', 100));
  });

  it('reads a workbook whose shared strings hold a string past the bound that no cell of the first sheet uses', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Склад').addRow(['vin', 'Kia']);
    book.addWorksheet('Заметки').addRow(['x'.repeat(500)]);
    expect(await cellsOf(Buffer.from(await book.xlsx.writeBuffer()), 100)).toEqual([['vin', 'Kia']]);
  });

  it('stops at the bound a cell of 150 million characters (a 150 kB file), holding a few megabytes, not the cell', async () => {
    for (const where of ['inline', 'shared'] as const) {
      const data = await hugeCellXlsx(where, 150_000_000);
      expect(data.length).toBeLessThan(400_000);
      const before = process.memoryUsage().heapUsed;
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
      try {
        expect(await refusal(data, 10_000)).toEqual(tooLong('B2', 10_000));
      } finally {
        clearInterval(sampler);
      }
      expect(Math.max(peak, process.memoryUsage().heapUsed) - before, where).toBeLessThan(40 * 1024 * 1024);
    }
  });
});
