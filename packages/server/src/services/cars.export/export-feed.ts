import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { asc, eq, sql } from 'drizzle-orm';
import { EXPORT_CHANNELS, YANDEX_FEED_LIMITS, type ExportChannel, type ExportSettingsAttributes } from '@dp/contracts';
import type { DbOrTx } from '../../kit/db.ts';
import { clients } from '../clients.storage/client.table.ts';
import { sites } from '../sites.context/site.table.ts';
import { exportSettings, type ExportChannelState } from './export.table.ts';
import { exportAliases, exportCars, type ExportCar } from './export-cars.ts';
import { FEED_FORMATS, xml, type FeedMeta } from './feed-formats.ts';

type SettingsRow = typeof exportSettings.$inferSelect;
export const FEEDS_PATH = '/gateway/cars.export/api/v1/feeds';

/** A feed token: 32 url-safe characters from 24 random bytes; it is the only key to a public feed. */
export const newFeedToken = () => randomBytes(24).toString('base64url');

/** A client's export settings, made with the defaults (no channel needed) on first read. */
export async function settingsOfClient(db: DbOrTx, clientId: number): Promise<SettingsRow> {
  const [existing] = await db.select().from(exportSettings).where(eq(exportSettings.client_id, clientId)).limit(1);
  if (existing) return existing;
  const links = Object.fromEntries(EXPORT_CHANNELS.map((channel) => [channel, { is_needed: false, token: null }]));
  await db.insert(exportSettings).values({ client_id: clientId, unique_key: randomBytes(16).toString('hex'), links }).onConflictDoNothing();
  const [made] = await db.select().from(exportSettings).where(eq(exportSettings.client_id, clientId)).limit(1);
  return made!;
}

export const feedUrl = (publicUrl: string, token: string) => `${publicUrl.replace(/\/+$/, '')}${FEEDS_PATH}/${token}`;

/** The settings as the API answers them: each channel's switch and public address (never the bare token field). */
export function presentSettings(row: SettingsRow, publicUrl: string): ExportSettingsAttributes {
  const links = Object.fromEntries(
    EXPORT_CHANNELS.map((channel) => {
      const state = row.links[channel];
      return [channel, { is_needed: state?.is_needed ?? false, url: state?.token ? feedUrl(publicUrl, state.token) : null }];
    }),
  ) as ExportSettingsAttributes['links'];
  return {
    client_id: row.client_id,
    unique_key: row.unique_key,
    use_dealer_images: row.use_dealer_images,
    dealer_images_first: row.dealer_images_first,
    links,
    touched: row.touched,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The channel switches after a change: a channel switched on for the first time gets its token; a token stays when switched off (the address is stable). */
export function nextLinks(current: Record<string, ExportChannelState>, change: Partial<Record<ExportChannel, { is_needed: boolean }>>): Record<string, ExportChannelState> {
  const next: Record<string, ExportChannelState> = {};
  for (const channel of EXPORT_CHANNELS) {
    const state = current[channel] ?? { is_needed: false, token: null };
    const wanted = change[channel]?.is_needed ?? state.is_needed;
    next[channel] = { is_needed: wanted, token: state.token ?? (wanted ? newFeedToken() : null) };
  }
  return next;
}

/** The settings and channel a token opens, when that channel is needed; null otherwise (the route answers 404). */
export async function findFeed(db: DbOrTx, token: string): Promise<{ settings: SettingsRow; channel: ExportChannel } | null> {
  if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return null;
  const [settings] = await db
    .select()
    .from(exportSettings)
    .where(sql`exists (select 1 from jsonb_each(${exportSettings.links}) as link where link.value->>'token' = ${token})`)
    .limit(1);
  if (!settings) return null;
  const channel = EXPORT_CHANNELS.find((name) => settings.links[name]?.token === token);
  if (!channel || !settings.links[channel]?.is_needed) return null;
  return { settings, channel };
}

/** What a feed's head names: the client, its first site with an address, the feed's own address. */
async function feedMeta(db: DbOrTx, settings: SettingsRow, url: string): Promise<FeedMeta> {
  const [client] = await db.select({ name: clients.name }).from(clients).where(eq(clients.id, settings.client_id)).limit(1);
  const [site] = await db.select({ host: sites.host, use_http: sites.use_http }).from(sites).where(sql`${sites.client_id} = ${settings.client_id} and ${sites.host} is not null`).orderBy(asc(sites.id)).limit(1);
  return { title: client?.name ?? '', url, siteUrl: site?.host ? `${site.use_http ? 'http' : 'https'}://${site.host}/` : url, date: new Date() };
}

/** A channel lists only what it can advertise: a car with its price (and, for Google, its VIN, a required field there). */
export const channelAccepts = (channel: ExportChannel, car: ExportCar) => (car.final_price ?? car.price) !== null && (channel !== 'google' || !!car.vin);

interface FeedOptions {
  publicUrl: string;
  fromId?: number;
  toId?: number;
}

/** The text of a feed, piece by piece: head, each car it accepts, tail. */
async function* feedText(db: DbOrTx, settings: SettingsRow, channel: ExportChannel, meta: FeedMeta, options: FeedOptions): AsyncGenerator<string> {
  const format = FEED_FORMATS[channel];
  const aliases = await exportAliases(db);
  yield format.head(meta);
  let buffer = '';
  for await (const car of exportCars(db, settings.client_id, { ...settings, publicUrl: options.publicUrl, aliases, fromId: options.fromId, toId: options.toId })) {
    if (!channelAccepts(channel, car)) continue;
    buffer += format.item(car, meta);
    if (buffer.length > 64 * 1024) {
      yield buffer;
      buffer = '';
    }
  }
  if (buffer) yield buffer;
  yield format.tail(meta);
}

/** A channel's feed as a stream (for yandex_search, one part of it: `fromId`..`toId`). */
export async function feedStream(db: DbOrTx, settings: SettingsRow, channel: ExportChannel, url: string, options: FeedOptions): Promise<Readable> {
  const meta = await feedMeta(db, settings, url);
  return Readable.from(feedText(db, settings, channel, meta, options));
}

export interface FeedPart {
  fromId: number;
  toId: number;
  offers: number;
  bytes: number;
}

/**
 * How a Yandex search feed splits (30,000 offers or 200 MB per file, YANDEX_FEED_LIMITS): the
 * offers are measured in id order and a part closes before either limit would be passed (head and
 * tail counted). Parts are ranges of car ids, so that each part's address serves the same cars
 * until the stock changes.
 */
export async function yandexParts(db: DbOrTx, settings: SettingsRow, publicUrl: string, limits: { maxOffers: number; maxBytes: number } = YANDEX_FEED_LIMITS): Promise<FeedPart[]> {
  const format = FEED_FORMATS.yandex_search;
  const meta = await feedMeta(db, settings, '');
  const frame = Buffer.byteLength(format.head(meta)) + Buffer.byteLength(format.tail(meta)) + 256;
  const aliases = await exportAliases(db);
  const parts: FeedPart[] = [];
  let current: FeedPart | null = null;
  for await (const car of exportCars(db, settings.client_id, { ...settings, publicUrl, aliases })) {
    if (!channelAccepts('yandex_search', car)) continue;
    const bytes = Buffer.byteLength(format.item(car, meta));
    if (current && (current.offers + 1 > limits.maxOffers || current.bytes + bytes > limits.maxBytes)) current = null;
    if (!current) {
      current = { fromId: parts.length ? parts.at(-1)!.toId + 1 : 1, toId: car.id, offers: 0, bytes: frame };
      parts.push(current);
    }
    current.toId = car.id;
    current.offers++;
    current.bytes += bytes;
  }
  return parts;
}

/** The index of a Yandex search feed: the address of every part and its offer count. */
export function yandexIndex(parts: FeedPart[], url: string): string {
  const date = new Date().toISOString();
  const items = parts.map((part, index) => `<feed><url>${xml(`${url}/${index + 1}`)}</url><offers>${part.offers}</offers></feed>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<feeds date="${date}">\n${items}\n</feeds>\n`;
}
