import { z } from 'zod';
import { actionBody } from '../kit/jsonapi.ts';
import { id, rawText, requiredText } from '../kit/fields.ts';
import type { PermissionMap } from '../kit/access.ts';
import type { ClientRef } from './auth.ts';

/** Custom token values start with this; only their SHA-256 is stored. */
export const CUSTOM_TOKEN_VALUE_PREFIX = 'dpt_';
/** Token name length limit (spec 000 §9). */
export const CUSTOM_TOKEN_NAME_MAX = 200;

const positiveIds = (max: number) => z.array(id()).max(max);

/**
 * POST /api/v1/custom_tokens {name, client_ids, brand_ids, permissions} (spec 000 §3 Custom token:
 * name, clients, brands (restrictions.brand_ids), permissions). Whether the clients and
 * permissions may be granted is the server's check: the caller must hold them.
 */
export const customTokenCreateBody = actionBody(
  z.strictObject({
    name: requiredText(CUSTOM_TOKEN_NAME_MAX),
    client_ids: positiveIds(1000).default([]),
    brand_ids: positiveIds(1000).default([]),
    permissions: z.record(rawText(100), z.array(rawText(100)).max(200)).default({}),
  }),
);
/** The creation as the server receives it: parsed, ids as numbers, defaults filled. */
export type CustomTokenCreate = z.output<typeof customTokenCreateBody>['data'];

/** A custom token as the list shows it; the value itself is never returned after creation. */
export type CustomTokenAttributes = {
  name: string;
  /** The first characters of the value, to recognise the token. */
  token_prefix: string;
  client_ids: number[];
  clients: ClientRef[];
  brand_ids: number[];
  permissions: PermissionMap;
  /** The client that owns the token; null for a token of the provider's staff. */
  client_id: number | null;
  created_by: { id: number; email: string; name: string } | null;
  created_at: string;
  last_used_at: string | null;
};

/** The answer of the creation: the record plus the value, shown this once. */
export type CustomTokenCreated = CustomTokenAttributes & { token: string };
