import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { csvRow } from './csv.ts';
import { wallClock } from './sheet-cells.ts';
import { xlsxFile } from './xlsx-stream.ts';

/** The sheet's XML and its cells as exceljs reads them back (what Excel would show). */
async function readBack(file: Buffer) {
  const zip = await JSZip.loadAsync(file);
  const sheetXml = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as never);
  return { sheetXml, sheet: workbook.worksheets[0]! };
}

describe('xlsx-stream', () => {
  const moment = new Date(Date.UTC(2026, 10, 29, 6, 5));
  const row = ['+7 (915) 123-45-67', '=HYPERLINK("http://evil")', 1_450_000.5, true, wallClock(moment, 180), '  padded  ', '-2'];

  it('writes typed cells: text exactly as given, numbers, booleans, date-times as dates with a date format', async () => {
    const { sheetXml, sheet } = await readBack(await xlsxFile('Лист', [['Телефон', 'Имя', 'Цена', 'Активен', 'Дата', 'Текст', 'Минус'], row], { widths: [20, 20, 10, 8, 17] }));
    const cell = (column: number) => sheet.getRow(2).getCell(column);
    // A phone is text exactly as written: no apostrophe, a string cell.
    expect(cell(1).value).toBe('+7 (915) 123-45-67');
    expect(cell(1).type).toBe(ExcelJS.ValueType.String);
    // Formula-like text stays plain text: an inline string, never a formula element.
    expect(cell(2).value).toBe('=HYPERLINK("http://evil")');
    expect(cell(2).type).toBe(ExcelJS.ValueType.String);
    expect(sheetXml).not.toContain('<f>');
    expect(sheetXml).toMatch(/<c r="B2" t="inlineStr"><is><t>=HYPERLINK\("http:\/\/evil"\)<\/t><\/is><\/c>/);
    expect(cell(3).value).toBe(1_450_000.5);
    expect(cell(3).type).toBe(ExcelJS.ValueType.Number);
    expect(cell(4).value).toBe(true);
    expect(cell(4).type).toBe(ExcelJS.ValueType.Boolean);
    // A date-time is a number with a date format, the wall clock it was given (09:05 at +3).
    expect(sheetXml).toMatch(/<c r="E2" s="1"><v>46355\.37847\d*<\/v><\/c>/);
    expect(cell(5).type).toBe(ExcelJS.ValueType.Date);
    expect(cell(5).numFmt).toBe('dd.mm.yyyy hh:mm');
    expect((cell(5).value as Date).toISOString()).toBe('2026-11-29T09:05:00.000Z');
    expect(cell(6).value).toBe('  padded  ');
    expect(cell(7).value).toBe('-2');
    expect(sheet.getColumn(5).width).toBe(17);
  });

  it('keeps the apostrophe for CSV only, where a spreadsheet would run such text', () => {
    expect(csvRow(row, ';')).toBe(`'+7 (915) 123-45-67;"'=HYPERLINK(""http://evil"")";1450000.5;yes;2026-11-29 09:05;"  padded  ";'-2\r\n`);
  });
});
