import { z } from 'zod';
import { filterText, integer, requiredText, safeString } from '../kit/fields.ts';
import { actionBody } from '../kit/jsonapi.ts';
import { encodeMessage } from '../kit/messages.ts';

/**
 * The suggestions board (spec 000 §2 /platform/suggestions, §7 "Suggestions: CRUD with activate,
 * like, done and responses"; docs/decisions/platform-operations.md): any signed-in user proposes,
 * staff activate (then everybody sees it), users like it once each, staff answer and mark it done.
 */
export const SUGGESTION_STATES = ['new', 'active', 'done'] as const;
export type SuggestionState = (typeof SUGGESTION_STATES)[number];
export const SUGGESTION_SORTS = ['-likes', '-created_at', 'created_at', 'likes'] as const;

const fields = {
  title: requiredText(255),
  text: safeString({ lines: true }).trim().min(1).max(5000),
};
/** POST /api/v1/suggestions. */
export const suggestionCreateBody = actionBody(z.strictObject(fields));
/** PATCH /api/v1/suggestions/{id}: the author while it is new, staff always. */
export const suggestionUpdateBody = actionBody(z.strictObject(fields).partial());
/** POST /api/v1/suggestions/{id}/responses. */
export const suggestionResponseBody = actionBody(z.strictObject({ text: fields.text }));

/** GET /api/v1/suggestions: a page, a state, a search, by likes or by date. */
export const suggestionListQuery = z.strictObject({
  'page[number]': integer(1).optional(),
  'page[size]': integer(1, 100).optional(),
  'filter[state]': z.enum(SUGGESTION_STATES, { error: encodeMessage('invalid_choice') }).optional(),
  'filter[search]': filterText().optional(),
  'filter[mine]': z.enum(['true', 'false']).optional(),
  sort: z.enum(SUGGESTION_SORTS, { error: encodeMessage('invalid_choice') }).optional(),
});

export interface SuggestionAttributes {
  title: string;
  text: string;
  state: SuggestionState;
  likes: number;
  /** Whether the reader has liked it. */
  liked: boolean;
  /** Whether the reader wrote it. */
  mine: boolean;
  author_name: string | null;
  responses: number;
  created_at: string;
  updated_at: string;
  done_at: string | null;
}

export interface SuggestionResponseAttributes {
  text: string;
  author_name: string | null;
  created_at: string;
}
