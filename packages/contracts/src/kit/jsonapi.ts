import { z } from 'zod';
import { rawText } from './fields.ts';

/** JSON:API shapes of DESIGN.md §4. */
export interface JsonApiRecord<A = Record<string, unknown>> {
  id: string;
  type: string;
  attributes: A;
  relationships?: Record<string, { data: { id: string; type: string } | { id: string; type: string }[] | null }>;
}
export interface PageMeta {
  number: number;
  size: number;
  total: number;
  /** The total is an estimate (more rows match than the resource counts exactly). */
  estimated?: boolean;
}
export interface JsonApiList<A = Record<string, unknown>> {
  data: JsonApiRecord<A>[];
  meta: { page: PageMeta };
  included?: JsonApiRecord[];
}
export interface JsonApiError {
  status: string;
  code: string;
  title: string;
  detail?: string;
  source?: { pointer?: string; parameter?: string };
  /** Further facts of the error where a call names them (a site creation's code). */
  meta?: Record<string, unknown>;
}

/** A resource write: `{ data: { type?, id?, attributes } }`, nothing else accepted. */
export function resourceBody<T extends z.ZodType>(attributes: T) {
  return z.strictObject({
    data: z.strictObject({
      type: rawText(100).optional(),
      id: rawText(100).optional(),
      attributes,
    }),
  });
}

/** An action body: `{ data: { ...fields } }`. */
export function actionBody<T extends z.ZodObject>(fields: T) {
  return z.strictObject({ data: fields });
}

export { MAX_PAGES } from './paging.ts';
