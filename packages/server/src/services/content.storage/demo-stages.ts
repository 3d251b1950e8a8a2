import { and, eq, isNotNull } from 'drizzle-orm';
import { STAGE_IMAGE_SIZES, STATE_STATUS, type StageScreen } from '@dp/contracts';
import type { Db } from '../../kit/db.ts';
import { fileUrl, type FileStorage } from '../../kit/files.ts';
import { makeVariants } from '../media.storage/image-variants.ts';
import { mediaFiles, mediaFolders } from '../media.storage/media.table.ts';
import { sites } from '../sites.context/site.table.ts';
import type { StageImage } from './stage.table.ts';
import { stages, stageStates } from './stage.table.ts';
import { loadSharp } from '../../kit/lazy-packages.ts';

/** Escapes text for the SVG the demo banners are drawn from (our own text, never a user's). */
const xml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** A banner picture of a stage size: a gradient with the dealer's name, as a PNG. */
async function bannerPng(width: number, height: number, colors: [string, string], caption: string) {
  const size = Math.round(Math.min(width, height) / 9);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<circle cx="${width * 0.78}" cy="${height * 0.55}" r="${Math.min(width, height) * 0.32}" fill="#ffffff" fill-opacity="0.12"/>
<text x="${width * 0.06}" y="${height * 0.9}" font-family="sans-serif" font-size="${size}" fill="#ffffff" fill-opacity="0.35">${xml(caption)}</text>
</svg>`;
  return (await loadSharp())(Buffer.from(svg)).png().toBuffer();
}

/** Stores a demo picture in the client's library folder, with its variants, as an upload would. */
async function storeDemoImage(db: Db, files: FileStorage, clientId: number, folderId: number, name: string, data: Buffer) {
  const { variants, width, height } = await makeVariants(files, data, 'png', { private: false, maxMegapixels: 40 });
  const stored = await files.put(data, { mime: 'image/png', ext: 'png' });
  const [row] = await db
    .insert(mediaFiles)
    .values({ client_id: clientId, folder_id: folderId, name, mime: 'image/png', ext: 'png', kind: 'image', size: data.length, width, height, access: 1, driver: files.driver, key: stored.id, variants })
    .returning();
  const webp = variants.find((v) => v.name === 'webp');
  return (alt: string): StageImage => ({ file_id: row!.id, url: fileUrl(stored), webp_url: webp?.url ?? null, width, height, alt, title: null });
}

const PALETTES: [string, string][] = [
  ['#0b3d91', '#1f8ef1'],
  ['#7a0019', '#e30016'],
  ['#0f5132', '#20c997'],
];

/**
 * Demo stages (the main page's banners) of every demo client site with a host: a published
 * spring service banner with pictures for PC, tablet and mobile from the client's media library,
 * and a summer sale banner waiting as a draft.
 */
export async function seedDemoStages(db: Db, files: FileStorage) {
  const demoSites = await db.select().from(sites).where(and(eq(sites.type, 3), isNotNull(sites.host)));
  const byClient = new Map<number, typeof demoSites>();
  for (const site of demoSites) byClient.set(site.client_id, [...(byClient.get(site.client_id) ?? []), site]);
  let palette = 0;
  for (const [clientId, clientSites] of byClient) {
    const colors = PALETTES[palette++ % PALETTES.length]!;
    const [folder] = await db.insert(mediaFolders).values({ client_id: clientId, name: 'Баннеры главной' }).returning();
    const images = {} as Record<StageScreen, (alt: string) => StageImage>;
    for (const screen of Object.keys(STAGE_IMAGE_SIZES) as StageScreen[]) {
      const { width, height } = STAGE_IMAGE_SIZES[screen];
      images[screen] = await storeDemoImage(db, files, clientId, folder!.id, `service-${screen}.png`, await bannerPng(width, height, colors, clientSites[0]!.name));
    }
    for (const site of clientSites) {
      const [spring] = await db.insert(stages).values({ site_id: site.id, client_id: clientId, name: 'Весенний сервис' }).returning();
      await db.insert(stageStates).values({
        stage_id: spring!.id,
        site_id: site.id,
        client_id: clientId,
        name: 'Весенний сервис',
        order: 1,
        position: 'left',
        panel: { enabled: true, color: '#000000', opacity: 40, rounded: true },
        colors: { title: '#ffffff', subtitle: '#f1f3f5', background: colors[0], button: '#e30016' },
        title: 'Весеннее ТО со скидкой 20%',
        subtitle: `Запишитесь в ${site.name} до 31 мая и получите шиномонтаж в подарок`,
        images: { pc: images.pc('Сервисная зона дилерского центра'), tablet: images.tablet('Сервисная зона'), mobile: images.mobile('Сервис') },
        buttons: [
          { text: 'Записаться на ТО', type: 'link', link: '/service', icon: 'calendar', icon_position: 'left', style: 'primary', size: 'large', full_width: false },
          { text: 'Позвонить', type: 'phone', link: '+7 (800) 555-00-00', icon: 'phone', icon_position: 'left', style: 'outline', size: 'large', full_width: false },
        ],
        cards: [
          { title: '−20% на работы', text: 'Плановое ТО по регламенту', icon: 'percent' },
          { title: 'Шиномонтаж', text: 'В подарок при записи онлайн', icon: 'gift' },
        ],
        status: STATE_STATUS.published,
        version: 1,
        published_at: new Date(),
        publication_status: 2,
      });
      const [summer] = await db.insert(stages).values({ site_id: site.id, client_id: clientId, name: 'Летняя распродажа' }).returning();
      await db.insert(stageStates).values({
        stage_id: summer!.id,
        site_id: site.id,
        client_id: clientId,
        name: 'Летняя распродажа',
        order: 2,
        position: 'center',
        title: 'Летняя распродажа автомобилей в наличии',
        subtitle: 'Выгода до 300 000 ₽ и подарки при покупке',
        images: { pc: images.pc('Автомобили в наличии'), tablet: null, mobile: null },
        buttons: [{ text: 'Смотреть автомобили', type: 'link', link: '/cars', icon: 'car', icon_position: 'right', style: 'primary', size: 'medium', full_width: false }],
        status: STATE_STATUS.draft,
      });
    }
  }
}
