import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray } from 'drizzle-orm';
import type { Paragraph, Table } from 'docx';
import { formatRoubles, type Lang, type OfferInput } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import type { FileStorage } from '../../kit/files.ts';
import { AppError } from '../../kit/errors.ts';
import { mediaFiles } from '../media.storage/media.table.ts';
import { cars } from '../cars.stock/car.table.ts';
import { exportAliases, exportCars, type ExportCar } from './export-cars.ts';
import { carTitle } from './feed-formats.ts';
import { settingsOfClient } from './export-feed.ts';
import { loadDocx, loadPdfKit, loadSharp } from '../../kit/lazy-packages.ts';

/**
 * Commercial offers (spec 001 §7 "POST /pdf_offer/ and /docx_offer/"): a document for the chosen
 * cars of one site, each with its first photo (from the media storage) and its prices in whole
 * roubles. PDF through pdfkit with the shipped DejaVu Sans (Cyrillic on any machine), DOCX
 * through docx. The texts are in the caller's language.
 */
const FONTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets/fonts');

const TEXTS = {
  ru: {
    title: 'Коммерческое предложение', date: 'Дата', vin: 'VIN', year: 'Год выпуска', mileage: 'Пробег', km: 'км', color: 'Цвет', engine: 'Двигатель',
    transmission: 'Коробка передач', price: 'Цена', discounts: 'Скидки', final: 'Итоговая цена', owners: 'Владельцев', dealer: 'Дилерский центр', new: 'Новый', used: 'С пробегом',
  },
  en: {
    title: 'Commercial offer', date: 'Date', vin: 'VIN', year: 'Year', mileage: 'Mileage', km: 'km', color: 'Colour', engine: 'Engine',
    transmission: 'Transmission', price: 'Price', discounts: 'Discounts', final: 'Final price', owners: 'Owners', dealer: 'Dealership', new: 'New', used: 'Used',
  },
} as const;

export interface OfferCar {
  car: ExportCar;
  /** The first photo as JPEG (pdfkit and docx both take it), or null. */
  image: Buffer | null;
}

/** The cars of the offer, in the order asked; every id must be a car of the site (404 naming the others). */
export async function loadOfferCars(db: DbOrTx, files: FileStorage, site: { id: number; client_id: number }, input: OfferInput, publicUrl: string): Promise<OfferCar[]> {
  const ids = [...new Set(input.cars)];
  const found = await db.select({ id: cars.id }).from(cars).where(and(eq(cars.site_id, site.id), inArray(cars.id, ids)));
  const missing = ids.filter((carId) => !found.some((row) => row.id === carId));
  if (missing.length) throw new AppError(404, 'offer_cars_not_found', { ids: missing.join(', ') }, '/data/cars');
  const settings = await settingsOfClient(db, site.client_id);
  const aliases = await exportAliases(db);
  const list: ExportCar[] = [];
  for await (const car of exportCars(db, site.client_id, { ...settings, publicUrl, aliases, ids, anyStatus: true })) list.push(car);
  list.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  return Promise.all(list.map(async (car) => ({ car, image: await firstImage(db, files, car.image_ids[0]) })));
}

/** A photo's bytes as a JPEG no wider than 1200 px; null when missing or unreadable (the offer goes out without it). */
async function firstImage(db: DbOrTx, files: FileStorage, imageId: number | undefined): Promise<Buffer | null> {
  if (!imageId) return null;
  const [file] = await db.select({ key: mediaFiles.key }).from(mediaFiles).where(eq(mediaFiles.id, imageId)).limit(1);
  if (!file) return null;
  const stored = await files.get(file.key);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
  try {
    const sharp = await loadSharp();
    return await sharp(Buffer.concat(chunks)).resize({ width: 1200, withoutEnlargement: true }).flatten({ background: '#ffffff' }).jpeg({ quality: 80 }).toBuffer();
  } catch {
    return null;
  }
}

/** The lines shown for a car, label and value, in the caller's language. */
export function offerLines(car: ExportCar, type: OfferInput['type'], lang: Lang): [string, string][] {
  const say = TEXTS[lang];
  const discounts = car.price !== null && car.final_price !== null ? car.price - car.final_price : 0;
  const lines: [string, string][] = [
    [say.vin, car.vin ?? '—'],
    [say.year, car.year ? String(car.year) : '—'],
  ];
  if (type === 'used' || !car.is_new) lines.push([say.mileage, `${car.mileage ?? 0} ${say.km}`], [say.owners, car.owners !== null ? String(car.owners) : '—']);
  if (car.body_color) lines.push([say.color, car.body_color]);
  if (car.engine) lines.push([say.engine, car.engine]);
  if (car.transmission) lines.push([say.transmission, car.transmission]);
  if (car.dealer) lines.push([say.dealer, [car.dealer.name, car.dealer.address].filter(Boolean).join(', ')]);
  lines.push([say.price, formatRoubles(car.price)]);
  if (discounts > 0) lines.push([say.discounts, formatRoubles(discounts)], [say.final, formatRoubles(car.final_price)]);
  return lines;
}

const today = (lang: Lang) => new Date().toLocaleDateString(lang === 'ru' ? 'ru-RU' : 'en-GB');

/** The offer as a PDF (A4, the chosen orientation, a car per block, a new page when the next does not fit). */
export async function offerPdf(list: OfferCar[], options: { type: OfferInput['type']; orientation: OfferInput['orientation']; title: string; lang: Lang }): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({ size: 'A4', layout: options.orientation, margin: 40, info: { Title: options.title } });
  doc.registerFont('body', path.join(FONTS, 'DejaVuSans.ttf'));
  doc.registerFont('bold', path.join(FONTS, 'DejaVuSans-Bold.ttf'));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const say = TEXTS[options.lang];
  const width = doc.page.width - 80;
  doc.font('bold').fontSize(18).text(options.title);
  doc.font('body').fontSize(10).fillColor('#555555').text(`${say.date}: ${today(options.lang)}`).fillColor('#000000').moveDown();
  const imageWidth = Math.min(220, width * 0.4);
  for (const { car, image } of list) {
    const lines = offerLines(car, options.type, options.lang);
    const blockHeight = Math.max(image ? imageWidth * 0.66 : 0, 22 + lines.length * 15) + 20;
    if (doc.y + blockHeight > doc.page.height - 40) doc.addPage();
    const top = doc.y;
    doc.font('bold').fontSize(13).text(carTitle(car) || (car.vin ?? `#${car.id}`), 40, top, { width });
    const textTop = doc.y + 4;
    let textLeft = 40;
    if (image) {
      try {
        doc.image(image, 40, textTop, { fit: [imageWidth, imageWidth * 0.66] });
        textLeft = 40 + imageWidth + 16;
      } catch {
        // An image pdfkit cannot place leaves the block as text.
      }
    }
    doc.font('body').fontSize(10);
    let y = textTop;
    for (const [label, value] of lines) {
      doc.font('body').fillColor('#555555').text(`${label}:`, textLeft, y, { width: 120, lineBreak: false });
      doc.font(label === say.final || label === say.price ? 'bold' : 'body').fillColor('#000000').text(value, textLeft + 124, y, { width: width - (textLeft - 40) - 124, lineBreak: false });
      y += 15;
    }
    doc.x = 40;
    doc.y = Math.max(y, image ? textTop + imageWidth * 0.66 : y) + 14;
    doc.moveTo(40, doc.y - 7).lineTo(40 + width, doc.y - 7).strokeColor('#dddddd').stroke();
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/** The offer as a DOCX: a heading, then per car its title, photo and a two-column table of its lines. */
export async function offerDocx(list: OfferCar[], options: { type: OfferInput['type']; orientation: OfferInput['orientation']; title: string; lang: Lang }): Promise<Buffer> {
  const say = TEXTS[options.lang];
  const [{ AlignmentType, Document, HeadingLevel, ImageRun, Packer, PageOrientation, Paragraph, Table, TableCell, TableRow, TextRun, WidthType }, sharp] = await Promise.all([loadDocx(), loadSharp()]);
  const children: (Paragraph | Table)[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(options.title)] }),
    new Paragraph({ children: [new TextRun({ text: `${say.date}: ${today(options.lang)}`, color: '555555' })] }),
  ];
  for (const { car, image } of list) {
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_2, spacing: { before: 300 }, children: [new TextRun(carTitle(car) || (car.vin ?? `#${car.id}`))] }));
    if (image) {
      const meta = await sharp(image).metadata();
      const width = 360;
      const height = Math.round((width * (meta.height ?? 2)) / (meta.width ?? 3));
      children.push(new Paragraph({ alignment: AlignmentType.LEFT, children: [new ImageRun({ type: 'jpg', data: image, transformation: { width, height } })] }));
    }
    const rows = offerLines(car, options.type, options.lang).map(
      ([label, value]) =>
        new TableRow({
          children: [
            new TableCell({ width: { size: 35, type: WidthType.PERCENTAGE }, children: [new Paragraph({ children: [new TextRun({ text: label, color: '555555' })] })] }),
            new TableCell({ width: { size: 65, type: WidthType.PERCENTAGE }, children: [new Paragraph({ children: [new TextRun({ text: value, bold: label === say.final || label === say.price })] })] }),
          ],
        }),
    );
    children.push(new Table({ width: { size: 100, type: WidthType.PERCENTAGE }, rows }));
  }
  const doc = new Document({
    creator: 'Dealer platform',
    title: options.title,
    styles: { default: { document: { run: { font: 'Arial', size: 22 } } } },
    sections: [{ properties: { page: { size: { orientation: options.orientation === 'landscape' ? PageOrientation.LANDSCAPE : PageOrientation.PORTRAIT } } }, children }],
  });
  return Packer.toBuffer(doc);
}

export const offerTitle = (lang: Lang, given?: string) => given?.trim() || TEXTS[lang].title;
