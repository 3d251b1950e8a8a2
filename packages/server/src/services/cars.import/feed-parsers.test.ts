import { describe, expect, it } from 'vitest';
import { readFeed, type FeedRow } from './feed-parsers.ts';

/** The rows a CSV gives, fed in chunks of `chunk` bytes (a header split across chunks included). */
async function csvRows(text: string, chunk = 7): Promise<FeedRow[]> {
  const bytes = Buffer.from(text);
  async function* source() {
    for (let at = 0; at < bytes.length; at += chunk) yield bytes.subarray(at, at + chunk);
  }
  const rows: FeedRow[] = [];
  for await (const row of readFeed('csv', source())) rows.push(row);
  return rows;
}

describe('CSV feeds', () => {
  const description = 'Зимний пакет, подогрев руля, камера; гарантия 7 лет';

  it('takes the delimiter its header uses, so a comma or a tab inside a semicolon-separated cell stays in the cell', async () => {
    const rows = await csvRows(`vin;brand;description;images\nXWB00000000000001;Kia;Зимний пакет, подогрев\truля;https://a.test/1.jpg,https://a.test/2.jpg\n`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.values).toMatchObject({ vin: 'XWB00000000000001', brand: 'Kia', description: 'Зимний пакет, подогрев\truля', images: 'https://a.test/1.jpg,https://a.test/2.jpg' });
  });

  it('reads comma- and tab-separated feeds, quoted cells with the delimiter inside included', async () => {
    for (const delimiter of [',', '\t']) {
      const quoted = `"${description}"`;
      const rows = await csvRows([['vin', 'brand', 'description'].join(delimiter), ['XWB00000000000002', 'Kia', quoted].join(delimiter)].join('\n') + '\n', 5);
      expect(rows.map((row) => row.values), JSON.stringify(delimiter)).toEqual([{ vin: 'XWB00000000000002', brand: 'Kia', description }]);
    }
  });

  it('reads quoted cells with quotes, delimiters and line breaks inside, CRLF and CR line ends and empty lines, wherever the chunks end', async () => {
    const text = 'vin;description;price\r\n\r\nXWB01;"Пакет ""Зима""; камера\r\nвторая строка";100\r\nXWB02;Кожа "Nappa";200\rXWB03;"люк"и рейлинги;300\n\nXWB04;"";\n';
    for (const chunk of [1, 2, 3, 5, 8, 64]) {
      const rows = await csvRows(text, chunk);
      expect(rows.map((row) => [row.row, row.values]), `chunks of ${chunk}`).toEqual([
        [3, { vin: 'XWB01', description: 'Пакет "Зима"; камера\r\nвторая строка', price: '100' }],
        [5, { vin: 'XWB02', description: 'Кожа "Nappa"', price: '200' }],
        [6, { vin: 'XWB03', description: 'люки рейлинги', price: '300' }],
        [8, { vin: 'XWB04' }],
      ]);
    }
  });

  it('reads a UTF-8 feed as UTF-8 when its first chunk ends inside a Cyrillic character (not as Windows-1251)', async () => {
    const text = 'vin;description\nXWB01;Зимний пакет\n';
    const cut = Buffer.from(text).indexOf(Buffer.from('Зимний')) + 5; // inside «м»; four bytes less would end inside «З»
    const rows = await csvRows(text, cut);
    expect(rows.map((row) => row.values.description)).toEqual(['Зимний пакет']);
  });

  it('reports a record that never ends (a quote never closed) as the file\'s failure, not as rows', async () => {
    const text = 'vin;description\nXWB01;"' + 'x'.repeat(1024 * 1024 + 10) + '\n';
    await expect(csvRows(text, 64 * 1024)).rejects.toThrow(/too long/);
  });

  it('tells the progress how far into the file each row ends', async () => {
    const text = 'vin;brand\nXWB01;Kia\nXWB02;Киа\n';
    const rows = await csvRows(text, 4);
    expect(rows.map((row) => row.consumed)).toEqual([Buffer.byteLength('vin;brand\nXWB01;Kia\n'), Buffer.byteLength(text)]);
  });

  it('reads a feed of a header only, and one without a final newline', async () => {
    expect(await csvRows('vin;brand')).toEqual([]);
    const rows = await csvRows('vin;brand\nXWB00000000000003;Kia');
    expect(rows.map((row) => row.values)).toEqual([{ vin: 'XWB00000000000003', brand: 'Kia' }]);
  });
});

describe('XLSX feeds', () => {
  async function xlsxRows(build: (book: import('exceljs').Workbook) => void): Promise<FeedRow[]> {
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    build(book);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const rows: FeedRow[] = [];
    for await (const row of readFeed('xlsx', (async function* () {
      yield bytes;
    })(), { price: 'Цена' })) rows.push(row);
    return rows;
  }

  it('reads the first sheet row by row: texts, numbers, rich text, the mapping, empty rows skipped, the share of the sheet read', async () => {
    const rows = await xlsxRows((book) => {
      const sheet = book.addWorksheet('Склад');
      sheet.addRow(['vin', 'brand', 'model', 'Цена', 'description']);
      sheet.addRow(['XWB00000000000011', 'Kia', 'Rio', 1_650_000, { richText: [{ text: 'Зимний ' }, { text: 'пакет', font: { bold: true } }] }]);
      sheet.addRow([]);
      sheet.addRow(['XWB00000000000012', 'Kia', 'Sportage', '2 900 000', 'Полный привод']);
      book.addWorksheet('Другое').addRow(['vin', 'brand']).commit?.();
      book.getWorksheet('Другое')!.addRow(['XWB00000000000099', 'Lada']);
    });
    expect(rows.map((row) => row.values)).toEqual([
      { vin: 'XWB00000000000011', brand: 'Kia', model: 'Rio', price: '1650000', 'цена': '1650000', description: 'Зимний пакет' },
      { vin: 'XWB00000000000012', brand: 'Kia', model: 'Sportage', price: '2 900 000', 'цена': '2 900 000', description: 'Полный привод' },
    ]);
    expect(rows.map((row) => row.row)).toEqual([2, 4]);
    // The sheet declares 4 rows: the bar moves with the rows read.
    expect(rows.map((row) => row.share)).toEqual([0.5, 1]);
  });

  it('keeps every Cyrillic character of a large sheet whole, wherever the inflated chunks end', async () => {
    const text = (n: number) => `Кіа Ріо «Комфорт» № ${n}: зимний пакет, подогрев руля — ₽ ${n * 1000}`;
    const rows = await xlsxRows((book) => {
      const sheet = book.addWorksheet('Склад');
      sheet.addRow(['vin', 'description']);
      for (let n = 0; n < 3000; n++) sheet.addRow([`XWB${String(n).padStart(14, '0')}`, text(n)]);
    });
    expect(rows).toHaveLength(3000);
    expect(rows.filter((row, n) => row.values.description !== text(n))).toEqual([]);
  });
});
