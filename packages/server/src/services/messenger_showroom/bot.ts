import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { phoneText, STATE_STATUS } from '@dp/contracts';
import type { Config } from '../../kit/config.ts';
import type { ServiceContext } from '../../kit/context.ts';
import type { DbOrTx } from '../../kit/db.ts';
import { fileUrl } from '../../kit/files.ts';
import { carBrands, carModels } from '../cars.catalog/catalog.table.ts';
import { cars } from '../cars.stock/car.table.ts';
import { mediaFiles } from '../media.storage/media.table.ts';
import { sites } from '../sites.context/site.table.ts';
import { dealerships } from '../dealerships/dealership.table.ts';
import { listCollectionPages } from '../sites.context/collection-pages.ts';
import { callBotApi } from './bot-api.ts';
import { BOT_TEXTS, say, type BotLocale } from './bot-texts.ts';
import { botToken } from './showroom.hooks.ts';
import { showroomBots, showroomCallbacks, showroomCustomers, showroomFavorites, showroomServiceWorks, showroomSettings, showroomSpecials, showroomUpdates } from './showroom.table.ts';
import { shownStock, stockChoice } from './showroom-views.routes.ts';
import { raiseShowroomEvent } from './webhooks.ts';

/**
 * A showroom bot's conversation (docs/decisions/messenger-showroom.md, "How does the bot talk?"):
 * one Telegram update at a time, handled once (update_id unique per bot). /start asks for the
 * phone with a contact keyboard (the customer is registering), the shared contact registers them
 * and shows the main menu; new and used cars from the site's stock with paging; a test drive
 * (model, then time), a service booking (work, then time) and a callback each become a request of
 * the site through `submit` (request.storage's intake) and a row of the showroom's lists. Special
 * offers, news (the site's published news collection), contacts (the site's dealerships), the
 * profile (with a way to change the name) and favourites (added from the car lists).
 */
type Bot = typeof showroomBots.$inferSelect;
type Customer = typeof showroomCustomers.$inferSelect;
export type CallbackType = 'callback' | 'testdrive' | 'service';

/** Cars shown per page of the bot's stock lists. */
export const CARS_PAGE = 5;
/** The hours offered for a booking, on each of the next days. */
const SLOT_HOURS = [10, 14, 17];
const SLOT_DAYS = 3;

/** Hands a booking to request.storage; answers the request's id, or null when the site took none. */
export type SubmitRequest = (booking: { bot: Bot; customer: Customer; type: CallbackType; car?: { model_id: number; label: string }; work?: string; desiredAt: Date }) => Promise<number | null>;

export interface TelegramUpdate {
  update_id: number;
  message?: { chat: { id: number }; from?: { id: number; first_name?: string; last_name?: string }; text?: string; contact?: { phone_number: string; first_name?: string; last_name?: string; user_id?: number } };
  callback_query?: { id: string; from: { id: number; first_name?: string }; message?: { chat: { id: number } }; data?: string };
}

interface Conversation {
  ctx: ServiceContext;
  bot: Bot;
  token: string;
  locale: BotLocale;
  chatId: number;
  submit: SubmitRequest;
}

const send = (c: Conversation, method: string, params: Record<string, unknown>) => callBotApi(c.ctx.config, c.token, method, { chat_id: c.chatId, ...params });

/** The texts of the main menu's buttons: the dealer's where set, the bot's own otherwise. */
/** The kinds of stock the bots show (the cars view): a kind switched off has no button. */
type Kinds = { cars_new: boolean; cars_used: boolean };

function menuButtons(bot: Bot, locale: BotLocale, kinds: Kinds = { cars_new: true, cars_used: true }) {
  const own = BOT_TEXTS[locale].buttons;
  const text = (button: 'new' | 'used' | 'service' | 'news' | 'contacts' | 'profile' | 'favorite') => bot[`button_${button}`]?.trim() || own[button];
  return {
    new: kinds.cars_new ? text('new') : null,
    used: kinds.cars_used ? text('used') : null,
    service: bot.feature_service ? text('service') : null,
    testdrive: bot.hide_test_drive ? null : say(locale, 'test_drive'),
    specials: say(locale, 'specials'),
    favorite: text('favorite'),
    news: text('news'),
    contacts: text('contacts'),
    profile: text('profile'),
    callback: say(locale, 'callback'),
  };
}

function menuKeyboard(bot: Bot, locale: BotLocale, kinds?: Kinds) {
  const b = menuButtons(bot, locale, kinds);
  const rows = [[b.new, b.used], [b.testdrive, b.service], [b.specials, b.favorite], [b.news, b.contacts], [b.profile, b.callback]].map((row) => row.filter((text): text is string => !!text).map((text) => ({ text })));
  return { keyboard: rows.filter((row) => row.length), resize_keyboard: true };
}

/** The main menu as the site's stock choice makes it. */
const menu = async (c: Conversation) => menuKeyboard(c.bot, c.locale, await stockChoice(c.ctx.db, c.bot.site_id));

const contactKeyboard = (locale: BotLocale) => ({ keyboard: [[{ text: say(locale, 'share_phone'), request_contact: true }]], resize_keyboard: true, one_time_keyboard: true });

/** Records the update; false when it was handled before (Telegram delivers again after a timeout). */
export async function firstDelivery(db: DbOrTx, botId: number, updateId: number): Promise<boolean> {
  const inserted = await db.insert(showroomUpdates).values({ bot_id: botId, update_id: updateId }).onConflictDoNothing().returning({ id: showroomUpdates.update_id });
  return inserted.length > 0;
}

/** Handles one update of a live bot: the conversation's next step. */
export async function handleUpdate(ctx: ServiceContext, bot: Bot, update: TelegramUpdate, submit: SubmitRequest): Promise<void> {
  const chatId = update.message?.chat.id ?? update.callback_query?.message?.chat.id;
  const userId = update.message?.from?.id ?? update.callback_query?.from.id;
  if (chatId === undefined || userId === undefined) return;
  const token = await botToken(ctx.db, bot);
  if (!token) return;
  await ctx.db.update(showroomBots).set({ last_update_at: new Date() }).where(eq(showroomBots.id, bot.id));
  // Debug: the update as received, any token in it (a customer may paste one) replaced.
  if (bot.debug) ctx.log.info({ bot: bot.id, update: redactTokens(update, token) }, 'showroom bot update');
  const c: Conversation = { ctx, bot, token, locale: bot.locale === 'en' ? 'en' : 'ru', chatId, submit };
  const customer = await customerOf(ctx.db, bot, String(userId), update.message?.from?.first_name ?? update.callback_query?.from.first_name);
  if (update.callback_query) {
    await callBotApi(ctx.config, token, 'answerCallbackQuery', { callback_query_id: update.callback_query.id }).catch(() => undefined);
    if (customer.state !== 'registered') return void (await askPhone(c, customer));
    return onChoice(c, customer, update.callback_query.data ?? '');
  }
  const message = update.message!;
  if (message.contact) return register(c, customer, message.contact);
  if (message.text?.startsWith('/start') || customer.state !== 'registered') return askPhone(c, customer);
  return onMenu(c, customer, message.text ?? '');
}

/** Bot API tokens (`<digits>:<key>`), the bot's own first, replaced in a value about to be logged. */
export function redactTokens<T>(value: T, token: string): T {
  const text = JSON.stringify(value).split(token).join('[token]').replace(/\b\d{5,20}:[A-Za-z0-9_-]{30,}\b/g, '[token]');
  return JSON.parse(text) as T;
}

/** The customer of this bot and Telegram user, made (registering) on first contact. */
async function customerOf(db: DbOrTx, bot: Bot, externalId: string, firstName?: string): Promise<Customer> {
  await db
    .insert(showroomCustomers)
    .values({ site_id: bot.site_id, client_id: bot.client_id, bot_id: bot.id, external_id: externalId, name: firstName?.slice(0, 255) ?? null, source: 'telegram', state: 'registering' })
    .onConflictDoNothing();
  const [row] = await db.select().from(showroomCustomers).where(and(eq(showroomCustomers.bot_id, bot.id), eq(showroomCustomers.external_id, externalId))).limit(1);
  return row!;
}

async function askPhone(c: Conversation, customer: Customer) {
  if (customer.state === 'registered') {
    await send(c, 'sendMessage', { text: say(c.locale, 'menu'), reply_markup: await menu(c) });
    return;
  }
  const [settings] = await c.ctx.db.select({ name: showroomSettings.name, site: sites.name }).from(sites).leftJoin(showroomSettings, eq(showroomSettings.site_id, sites.id)).where(eq(sites.id, c.bot.site_id)).limit(1);
  await send(c, 'sendMessage', { text: `${say(c.locale, 'welcome', { name: settings?.name ?? settings?.site ?? '' })}\n\n${say(c.locale, 'consent')}`, reply_markup: contactKeyboard(c.locale) });
}

/** A shared contact registers the customer (their own contact only) and opens the main menu. */
async function register(c: Conversation, customer: Customer, contact: NonNullable<NonNullable<TelegramUpdate['message']>['contact']>) {
  if (contact.user_id !== undefined && String(contact.user_id) !== customer.external_id) return askPhone(c, customer);
  const digits = contact.phone_number.replace(/\D/g, '').slice(0, 15);
  const phone = digits ? `+${digits}` : null;
  if (!phone) return askPhone(c, customer);
  const [updated] = await c.ctx.db
    .update(showroomCustomers)
    .set({ phone, name: contact.first_name?.slice(0, 255) ?? customer.name, last_name: contact.last_name?.slice(0, 255) ?? customer.last_name, state: 'registered', updated_at: new Date() })
    .where(eq(showroomCustomers.id, customer.id))
    .returning();
  await send(c, 'sendMessage', { text: say(c.locale, 'registered', { name: updated!.name ?? '' }), reply_markup: await menu(c) });
  if (customer.state !== 'registered') {
    await raiseShowroomEvent(c.ctx, c.bot.site_id, 'customer_registered', { bot: { id: c.bot.id, name: c.bot.name }, customer: { id: updated!.id, name: updated!.name, last_name: updated!.last_name, phone: updated!.phone, external_id: updated!.external_id } });
  }
}

async function onMenu(c: Conversation, customer: Customer, text: string) {
  const b = menuButtons(c.bot, c.locale, await stockChoice(c.ctx.db, c.bot.site_id));
  const pressed = Object.entries(b).find(([, label]) => label && label === text)?.[0];
  if (customer.awaiting && pressed) await c.ctx.db.update(showroomCustomers).set({ awaiting: null }).where(eq(showroomCustomers.id, customer.id));
  else if (customer.awaiting === 'name') return changeName(c, customer, text);
  if (pressed === 'new') return showCars(c, true, 0);
  if (pressed === 'used') return showCars(c, false, 0);
  if (pressed === 'testdrive') return chooseModel(c);
  if (pressed === 'service') return chooseWork(c);
  if (pressed === 'specials') return showSpecials(c);
  if (pressed === 'favorite') return showFavorites(c, customer);
  if (pressed === 'news') return showNews(c);
  if (pressed === 'contacts') return showContacts(c);
  if (pressed === 'profile') return showProfile(c, customer);
  if (pressed === 'callback') return book(c, customer, 'callback', new Date(), {});
  await send(c, 'sendMessage', { text: say(c.locale, 'unknown'), reply_markup: await menu(c) });
}

/**
 * Inline choices: `cars:<new|used>:<page>`, `td:<model>`, `tdt:<model>:<hour>`, `sv:<work>`,
 * `svt:<work>:<hour>`, `fav:<car>` / `unfav:<car>` (favourites), `name` (the profile's change).
 */
async function onChoice(c: Conversation, customer: Customer, data: string) {
  const [kind, a, b] = data.split(':');
  const number = (value: string | undefined) => (value && /^\d{1,12}$/.test(value) ? Number(value) : null);
  if (kind === 'cars' && (a === 'new' || a === 'used') && number(b) !== null) return showCars(c, a === 'new', number(b)!);
  if (kind === 'fav' && number(a)) return addFavorite(c, customer, number(a)!);
  if (kind === 'unfav' && number(a)) return removeFavorite(c, customer, number(a)!);
  if (kind === 'name') {
    await c.ctx.db.update(showroomCustomers).set({ awaiting: 'name' }).where(eq(showroomCustomers.id, customer.id));
    return void (await send(c, 'sendMessage', { text: say(c.locale, 'ask_name') }));
  }
  if (kind === 'td' && number(a)) return chooseTime(c, `tdt:${a}`);
  if (kind === 'sv' && number(a)) return chooseTime(c, `svt:${a}`);
  const hour = number(b);
  if ((kind === 'tdt' || kind === 'svt') && number(a) && hour !== null && isOfferedSlot(hour)) {
    const desiredAt = new Date(hour * 3_600_000);
    if (kind === 'tdt') {
      const model = (await siteModels(c.ctx.db, c.bot.site_id)).find((one) => one.id === number(a));
      if (model) return book(c, customer, 'testdrive', desiredAt, { car: { model_id: model.id, label: model.label } });
    } else {
      const [work] = await c.ctx.db.select().from(showroomServiceWorks).where(and(eq(showroomServiceWorks.id, number(a)!), eq(showroomServiceWorks.site_id, c.bot.site_id))).limit(1);
      if (work) return book(c, customer, 'service', desiredAt, { work: work.name });
    }
  }
  await send(c, 'sendMessage', { text: say(c.locale, 'unknown'), reply_markup: await menu(c) });
}

const formatPrice = (value: number) => value.toLocaleString('ru-RU').replace(/\u00a0/g, ' ');
/** A public library file's address as Telegram fetches it. */
const publicFile = (c: Conversation, file: { key: string; ext: string | null }) => `${c.ctx.config.publicUrl.replace(/\/+$/, '')}${fileUrl({ id: file.key, ext: file.ext } as never)}`;

/** A car of the site's active stock, named as the lists name it. */
async function siteCar(c: Conversation, carId: number) {
  const [row] = await c.ctx.db
    .select({ id: cars.id, brand: carBrands.name, model: carModels.name, year: cars.year })
    .from(cars)
    .leftJoin(carBrands, eq(carBrands.id, cars.brand_id))
    .leftJoin(carModels, eq(carModels.id, cars.model_id))
    .where(and(eq(cars.id, carId), eq(cars.site_id, c.bot.site_id), eq(cars.status, 'active')))
    .limit(1);
  return row ? { id: row.id, title: [row.brand, row.model, row.year].filter(Boolean).join(' ') } : null;
}

async function addFavorite(c: Conversation, customer: Customer, carId: number) {
  const car = await siteCar(c, carId);
  if (!car) return void (await send(c, 'sendMessage', { text: say(c.locale, 'car_gone') }));
  await c.ctx.db.insert(showroomFavorites).values({ customer_id: customer.id, car_id: car.id }).onConflictDoNothing();
  await send(c, 'sendMessage', { text: say(c.locale, 'favorite_added', { car: car.title }) });
}

async function removeFavorite(c: Conversation, customer: Customer, carId: number) {
  const removed = await c.ctx.db.delete(showroomFavorites).where(and(eq(showroomFavorites.customer_id, customer.id), eq(showroomFavorites.car_id, carId))).returning();
  const car = await siteCar(c, carId);
  if (!removed.length) return showFavorites(c, customer);
  await send(c, 'sendMessage', { text: say(c.locale, 'favorite_removed', { car: car?.title ?? `#${carId}` }) });
}

/** The customer's favourites still in the site's stock, newest first, each with its removal button. */
async function showFavorites(c: Conversation, customer: Customer) {
  const rows = await c.ctx.db
    .select({ id: cars.id, brand: carBrands.name, model: carModels.name, year: cars.year, price: cars.price, final: cars.final_price })
    .from(showroomFavorites)
    .innerJoin(cars, and(eq(cars.id, showroomFavorites.car_id), eq(cars.site_id, c.bot.site_id), eq(cars.status, 'active')))
    .leftJoin(carBrands, eq(carBrands.id, cars.brand_id))
    .leftJoin(carModels, eq(carModels.id, cars.model_id))
    .where(eq(showroomFavorites.customer_id, customer.id))
    .orderBy(desc(showroomFavorites.created_at))
    .limit(20);
  if (!rows.length) return void (await send(c, 'sendMessage', { text: say(c.locale, 'no_favorites') }));
  await send(c, 'sendMessage', { text: say(c.locale, 'favorites_title', { count: rows.length }) });
  for (const row of rows) {
    const price = row.final ?? row.price;
    const text = [[row.brand, row.model, row.year].filter(Boolean).join(' '), price ? say(c.locale, 'price', { price: formatPrice(price) }) : ''].filter(Boolean).join('\n');
    await send(c, 'sendMessage', { text, reply_markup: { inline_keyboard: [[{ text: say(c.locale, 'remove_favorite'), callback_data: `unfav:${row.id}` }]] } });
  }
}

/** The showroom's special offers: a photo with the text when the offer has a public image, its link. */
async function showSpecials(c: Conversation) {
  const rows = await c.ctx.db.select().from(showroomSpecials).where(eq(showroomSpecials.site_id, c.bot.site_id)).orderBy(asc(showroomSpecials.title)).limit(10);
  if (!rows.length) return void (await send(c, 'sendMessage', { text: say(c.locale, 'no_specials') }));
  const imageIds = rows.map((row) => row.image_id).filter((id): id is number => typeof id === 'number');
  const files = imageIds.length ? await c.ctx.db.select({ id: mediaFiles.id, key: mediaFiles.key, ext: mediaFiles.ext, access: mediaFiles.access }).from(mediaFiles).where(inArray(mediaFiles.id, imageIds)) : [];
  for (const row of rows) {
    const text = [`<b>${escapeHtml(row.title)}</b>`, row.description ? escapeHtml(row.description) : '', row.url ? escapeHtml(say(c.locale, 'more', { url: row.url })) : ''].filter(Boolean).join('\n\n');
    const file = files.find((one) => one.id === row.image_id && one.access === 1);
    if (file) await send(c, 'sendPhoto', { photo: publicFile(c, file), caption: text.slice(0, 1024), parse_mode: 'HTML' });
    else await send(c, 'sendMessage', { text: text.slice(0, 4096), parse_mode: 'HTML' });
  }
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The site's five latest published news (its news collection). */
async function showNews(c: Conversation) {
  const { rows } = await listCollectionPages(c.ctx.db, { siteId: c.bot.site_id, type: 'news', status: STATE_STATUS.published, number: 1, size: 20 });
  const shown = rows
    .filter((row) => row.published)
    .sort((x, y) => String(y.publication_date ?? '').localeCompare(String(x.publication_date ?? '')))
    .slice(0, 5);
  if (!shown.length) return void (await send(c, 'sendMessage', { text: say(c.locale, 'no_news') }));
  const text = shown.map((row) => [`<b>${escapeHtml(row.title)}</b>${row.publication_date ? ` (${row.publication_date.slice(0, 10).split('-').reverse().join('.')})` : ''}`, row.description ? escapeHtml(row.description.slice(0, 300)) : ''].filter(Boolean).join('\n'));
  await send(c, 'sendMessage', { text: [`<b>${say(c.locale, 'news_title')}</b>`, ...text].join('\n\n').slice(0, 4096), parse_mode: 'HTML' });
}

/** The site's dealerships: title, address, phone, e-mail; the showroom's Telegram contact. */
async function showContacts(c: Conversation) {
  const [site] = await c.ctx.db.select({ dealer_id: sites.dealer_id, dealer_ids: sites.dealer_ids, telegram: showroomSettings.contacts_telegram }).from(sites).leftJoin(showroomSettings, eq(showroomSettings.site_id, sites.id)).where(eq(sites.id, c.bot.site_id)).limit(1);
  const ids = [...new Set([...(site?.dealer_ids ?? []), ...(site?.dealer_id ? [site.dealer_id] : [])])];
  const rows = ids.length ? await c.ctx.db.select().from(dealerships).where(and(inArray(dealerships.id, ids), eq(dealerships.client_id, c.bot.client_id))) : [];
  rows.sort((x, y) => ids.indexOf(x.id) - ids.indexOf(y.id));
  const blocks = rows.slice(0, 10).map((row) => [`<b>${escapeHtml(row.title)}</b>`, row.address, phoneText(row.phone), row.main_email].filter(Boolean).map((line, i) => (i ? escapeHtml(String(line)) : line)).join('\n'));
  if (site?.telegram) blocks.push(`Telegram: ${escapeHtml(site.telegram)}`);
  if (!blocks.length) return void (await send(c, 'sendMessage', { text: say(c.locale, 'no_contacts') }));
  await send(c, 'sendMessage', { text: [`<b>${say(c.locale, 'contacts_title')}</b>`, ...blocks].join('\n\n').slice(0, 4096), parse_mode: 'HTML' });
}

async function showProfile(c: Conversation, customer: Customer) {
  const name = [customer.name, customer.last_name].filter(Boolean).join(' ') || '—';
  await send(c, 'sendMessage', { text: say(c.locale, 'profile', { name, phone: customer.phone ?? '—' }), reply_markup: { inline_keyboard: [[{ text: say(c.locale, 'change_name'), callback_data: 'name' }]] } });
}

/** The profile's new name: one line of 1 to 100 characters, no control characters. */
async function changeName(c: Conversation, customer: Customer, text: string) {
  const name = text.replace(/\s+/g, ' ').trim();
  if (!name || name.length > 100 || /[\u0000-\u001f\u007f]/.test(name) || name.startsWith('/')) return void (await send(c, 'sendMessage', { text: say(c.locale, 'bad_name') }));
  await c.ctx.db.update(showroomCustomers).set({ name, last_name: null, awaiting: null, updated_at: new Date() }).where(eq(showroomCustomers.id, customer.id));
  await send(c, 'sendMessage', { text: say(c.locale, 'name_changed', { name }), reply_markup: await menu(c) });
}

/** A page of the site's new or used cars in stock: a photo (or a text) per car, then the paging buttons. */
async function showCars(c: Conversation, isNew: boolean, page: number) {
  const where = shownStock(c.bot.site_id, await stockChoice(c.ctx.db, c.bot.site_id), isNew);
  const [count] = await c.ctx.db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(cars).where(where);
  const total = count?.total ?? 0;
  if (!total) return void (await send(c, 'sendMessage', { text: say(c.locale, 'no_cars') }));
  const pages = Math.ceil(total / CARS_PAGE);
  const current = Math.min(page, pages - 1);
  const rows = await c.ctx.db
    .select({ id: cars.id, brand: carBrands.name, model: carModels.name, year: cars.year, price: cars.price, final: cars.final_price, images: sql<number[]>`${cars.manual_image_ids} || ${cars.stock_image_ids} || ${cars.import_image_ids}` })
    .from(cars)
    .leftJoin(carBrands, eq(carBrands.id, cars.brand_id))
    .leftJoin(carModels, eq(carModels.id, cars.model_id))
    .where(where)
    .orderBy(asc(cars.final_price), asc(cars.id))
    .limit(CARS_PAGE)
    .offset(current * CARS_PAGE);
  const firstImages = rows.map((row) => row.images?.[0]).filter((id): id is number => typeof id === 'number');
  const files = firstImages.length ? await c.ctx.db.select({ id: mediaFiles.id, key: mediaFiles.key, ext: mediaFiles.ext, access: mediaFiles.access }).from(mediaFiles).where(inArray(mediaFiles.id, firstImages)) : [];
  for (const row of rows) {
    const title = [row.brand, row.model, row.year].filter(Boolean).join(' ');
    const price = row.final ?? row.price;
    const benefit = row.price && row.final && row.price > row.final ? row.price - row.final : 0;
    const priceText = price ? say(c.locale, benefit ? 'price_benefit' : 'price', { price: formatPrice(price), benefit: formatPrice(benefit) }) : '';
    const caption = [title, priceText].filter(Boolean).join('\n');
    const file = files.find((one) => one.id === row.images?.[0] && one.access === 1);
    const reply_markup = { inline_keyboard: [[{ text: say(c.locale, 'add_favorite'), callback_data: `fav:${row.id}` }]] };
    if (file) await send(c, 'sendPhoto', { photo: publicFile(c, file), caption, reply_markup });
    else await send(c, 'sendMessage', { text: caption, reply_markup });
  }
  const kind = isNew ? 'new' : 'used';
  const nav = [
    ...(current > 0 ? [{ text: say(c.locale, 'prev_page'), callback_data: `cars:${kind}:${current - 1}` }] : []),
    ...(current < pages - 1 ? [{ text: say(c.locale, 'next_page'), callback_data: `cars:${kind}:${current + 1}` }] : []),
  ];
  await send(c, 'sendMessage', { text: say(c.locale, 'page', { page: current + 1, pages }), ...(nav.length ? { reply_markup: { inline_keyboard: [nav] } } : {}) });
}

/** The models of the site's new cars in stock, each once, with their names. */
async function siteModels(db: DbOrTx, siteId: number) {
  const rows = await db
    .selectDistinct({ id: carModels.id, model: carModels.name, brand: carBrands.name })
    .from(cars)
    .innerJoin(carModels, eq(carModels.id, cars.model_id))
    .leftJoin(carBrands, eq(carBrands.id, cars.brand_id))
    .where(and(eq(cars.site_id, siteId), eq(cars.status, 'active')))
    .orderBy(asc(carModels.name))
    .limit(50);
  return rows.map((row) => ({ id: row.id, label: [row.brand, row.model].filter(Boolean).join(' ') }));
}

async function chooseModel(c: Conversation) {
  const models = await siteModels(c.ctx.db, c.bot.site_id);
  if (!models.length) return void (await send(c, 'sendMessage', { text: say(c.locale, 'no_models') }));
  await send(c, 'sendMessage', { text: say(c.locale, 'choose_model'), reply_markup: { inline_keyboard: models.map((model) => [{ text: model.label, callback_data: `td:${model.id}` }]) } });
}

async function chooseWork(c: Conversation) {
  const works = await c.ctx.db.select().from(showroomServiceWorks).where(eq(showroomServiceWorks.site_id, c.bot.site_id)).orderBy(asc(showroomServiceWorks.name)).limit(50);
  if (!works.length) return void (await send(c, 'sendMessage', { text: say(c.locale, 'no_works') }));
  await send(c, 'sendMessage', { text: say(c.locale, 'choose_work'), reply_markup: { inline_keyboard: works.map((work) => [{ text: work.name.slice(0, 64), callback_data: `sv:${work.id}` }]) } });
}

/** The booking hours offered now: the next days' slots (UTC hours since the epoch). */
export function offeredSlots(now = Date.now()): number[] {
  const today = Math.floor(now / 86_400_000);
  return Array.from({ length: SLOT_DAYS }, (_, day) => SLOT_HOURS.map((hour) => (today + day + 1) * 24 + hour)).flat();
}
const isOfferedSlot = (hour: number) => {
  const now = Math.floor(Date.now() / 3_600_000);
  return hour > now && hour <= now + (SLOT_DAYS + 2) * 24 && SLOT_HOURS.includes(hour % 24);
};
const slotText = (hour: number) => {
  const date = new Date(hour * 3_600_000);
  return `${String(date.getUTCDate()).padStart(2, '0')}.${String(date.getUTCMonth() + 1).padStart(2, '0')} ${String(date.getUTCHours()).padStart(2, '0')}:00`;
};

async function chooseTime(c: Conversation, prefix: string) {
  const slots = offeredSlots();
  const rows = [];
  for (let i = 0; i < slots.length; i += SLOT_HOURS.length) rows.push(slots.slice(i, i + SLOT_HOURS.length).map((hour) => ({ text: slotText(hour), callback_data: `${prefix}:${hour}` })));
  await send(c, 'sendMessage', { text: say(c.locale, 'choose_time'), reply_markup: { inline_keyboard: rows } });
}

/** A booking: a request of the site (request.storage) and a row of the showroom's lists; the customer is told. */
async function book(c: Conversation, customer: Customer, type: CallbackType, desiredAt: Date, what: { car?: { model_id: number; label: string }; work?: string }) {
  const requestId = await c.submit({ bot: c.bot, customer, type, car: what.car, work: what.work, desiredAt });
  const [row] = await c.ctx.db.insert(showroomCallbacks).values({
    site_id: c.bot.site_id,
    client_id: c.bot.client_id,
    bot_id: c.bot.id,
    customer_id: customer.id,
    callback_type: type,
    customer: [customer.name, customer.last_name].filter(Boolean).join(' ') || null,
    phone: customer.phone,
    car: what.car?.label ?? null,
    service_work: what.work ?? null,
    desired_at: type === 'callback' ? null : desiredAt,
    source: 'telegram',
    request_id: requestId,
  }).returning();
  const time = slotText(Math.floor(desiredAt.getTime() / 3_600_000));
  const text = type === 'testdrive' ? say(c.locale, 'testdrive_done', { car: what.car!.label, time }) : type === 'service' ? say(c.locale, 'service_done', { work: what.work!, time }) : say(c.locale, 'callback_done');
  await send(c, 'sendMessage', { text, reply_markup: await menu(c) });
  await raiseShowroomEvent(c.ctx, c.bot.site_id, type, {
    bot: { id: c.bot.id, name: c.bot.name },
    request: { id: row!.id, type, customer: row!.customer, phone: row!.phone, car: row!.car, service_work: row!.service_work, desired_at: row!.desired_at?.toISOString() ?? null, request_id: requestId, created_at: row!.created_at.toISOString() },
  });
}

/** The live bot a webhook call names: not deleted, its secret matching. */
export async function liveBot(db: DbOrTx, botId: number): Promise<Bot | null> {
  const [bot] = await db.select().from(showroomBots).where(eq(showroomBots.id, botId)).limit(1);
  return bot && !bot.deleted && bot.token_encrypted ? bot : null;
}

export type { Bot, Config };
