import { z } from 'zod';
import { id, safeString } from '../kit/fields.ts';
import { encodeMessage } from '../kit/messages.ts';

/**
 * Export of a client's stock to advertising channels (spec 001 §3 "Export settings", §7 "Export";
 * docs/decisions/export.md, "Whose are export settings, and how are they shown?" and "How are feeds
 * addressed?"). One settings record per client: per channel whether its feed is needed and the
 * feed's address, the use of the dealer's own images and their order. A feed's address carries a
 * random token of the client and channel (unguessable, regenerable); the feed itself is public (the
 * channels fetch it without signing in).
 */
export const EXPORT_CHANNELS = ['google', 'facebook', 'autoru', 'avito', 'yandex_search'] as const;
export type ExportChannel = (typeof EXPORT_CHANNELS)[number];

/** Yandex search feeds: at most this many offers and bytes per file; larger feeds are split into parts listed by an index. */
export const YANDEX_FEED_LIMITS = { maxOffers: 30_000, maxBytes: 200 * 1024 * 1024 } as const;

export interface ExportLink {
  is_needed: boolean;
  /** The feed's public address (absolute); null until the channel is needed once. */
  url: string | null;
}

export interface ExportSettingsAttributes {
  client_id: number;
  unique_key: string;
  use_dealer_images: boolean;
  dealer_images_first: boolean;
  links: Record<ExportChannel, ExportLink>;
  touched: boolean;
  created_at: string;
  updated_at: string;
}

/** PATCH /settings/{id}: any of the switches; a channel's `is_needed` per channel. */
export const exportSettingsPatch = z.strictObject({
  use_dealer_images: z.boolean().optional(),
  dealer_images_first: z.boolean().optional(),
  links: z.partialRecord(z.enum(EXPORT_CHANNELS, { error: encodeMessage('invalid_choice') }), z.strictObject({ is_needed: z.boolean() })).optional(),
});
export type ExportSettingsPatch = z.output<typeof exportSettingsPatch>;

/** POST /settings/{id}/regenerate: a new token (and address) for one channel; the old address answers 404 from then on. */
export const exportRegenerateInput = z.strictObject({ channel: z.enum(EXPORT_CHANNELS, { error: encodeMessage('invalid_choice') }) });

export const OFFER_ORIENTATIONS = ['portrait', 'landscape'] as const;
export type OfferOrientation = (typeof OFFER_ORIENTATIONS)[number];
/** What the offer shows: the cars as new (price and discounts) or used (with mileage and owners too). */
export const OFFER_TYPES = ['new', 'used'] as const;
export type OfferType = (typeof OFFER_TYPES)[number];

/**
 * POST /pdf_offer/ and /docx_offer/ (spec 001 §7 "type, orientation, cars, site_id"): a commercial
 * offer document for at most 50 cars of one site the caller reaches.
 */
export const offerInput = z.strictObject({
  type: z.enum(OFFER_TYPES, { error: encodeMessage('invalid_choice') }).default('new'),
  orientation: z.enum(OFFER_ORIENTATIONS, { error: encodeMessage('invalid_choice') }).default('portrait'),
  cars: z.array(id()).min(1, { error: encodeMessage('offer_cars_required') }).max(50),
  site_id: id(),
  title: safeString().trim().max(200).optional(),
});
export type OfferInput = z.output<typeof offerInput>;

/** Whole roubles as people read them: "1 500 000 ₽" (narrow no-break spaces, whatever the language). */
export function formatRoubles(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return `${String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')}\u00a0₽`;
}
