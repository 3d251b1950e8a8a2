import { z } from 'zod';
import { actionBody } from '../kit/jsonapi.ts';
import { filterText, id, idList, integer, optionalMultiLineText, requiredText } from '../kit/fields.ts';
import { COLLECTION_TYPES, dateTime, imageWithText, pageUri, videoBlock } from './content-fields.ts';

/** Bodies and queries of the pages' action routes (server content.routes.ts). */

/** The tree's drag and drop: the new parent (null: the top level) and the place among its children. */
export const movePageBody = actionBody(z.strictObject({ parent_id: id().nullable(), position: integer(0, 100_000) }));

/**
 * Restyling page creation (spec 000 §2): a new page of the same site with the content of a
 * page's published state, under another address and, usually, another layout.
 */
export const restylePageBody = actionBody(
  z.strictObject({
    uri: pageUri(),
    caption: requiredText(255).optional(),
    layout_id: id().nullable().optional(),
    parent_id: id().nullable().optional(),
  }),
);

export const collectionTypeParam = z.enum(COLLECTION_TYPES);

/** A collection page (spec 000 §3): the page and its first draft with the collection block. */
export const createCollectionPageBody = actionBody(
  z.strictObject({
    title: requiredText(255),
    order: integer(0, 1_000_000).optional(),
    description: optionalMultiLineText(5000),
    image: imageWithText.nullable().optional(),
    tags: z.array(requiredText(50)).max(30).optional(),
    parent_id: id().nullable().optional(),
    uri: pageUri(),
    publication_date: dateTime().nullable().optional(),
    dealer_ids: idList(100).optional(),
    video: videoBlock.nullable().optional(),
    layout_id: id().nullable().optional(),
  }),
);

export const collectionListQuery = z.strictObject({
  'page[number]': integer(1).optional(),
  'page[size]': integer(1, 1000).optional(),
  'filter[search]': filterText(100).optional(),
});

/** content.storage's specials and news (spec 000 §7): by site. */
export const collectionViewQuery = z.strictObject({
  'filter[site_id]': id(),
  'filter[status]': integer(1, 3).optional(),
  'page[number]': integer(1).optional(),
  'page[size]': integer(1, 1000).optional(),
});

/** A collection page as the collection lists answer it: the page and its working state. */
export interface CollectionPageAttributes {
  uri: string;
  parent_id: number | null;
  page_state_id: number;
  page_state_status: number;
  published: boolean;
  type: string;
  title: string;
  order: number;
  description: string | null;
  publication_date: string | null;
  image: { url: string; title?: string | null; alt?: string | null; file_id?: string | null } | null;
  tags: string[];
  dealer_ids: number[];
  video: Record<string, unknown> | null;
  publish_at: string | null;
  updated_at: string;
}
