import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { collectionBlock, createCollectionPageBody } from '@dp/contracts';
import { ApiError } from '../../../kit/api.ts';
import { imageFromForm, imageToForm, videoFromForm, videoToForm } from './CollectionFields.tsx';
import { contentFormErrors } from './content-errors.ts';
import type { PageRecord } from './content-api.ts';
import { buildTree, dropTarget } from './PagesPage.tsx';

/** The pure parts of the content editors: what the forms send, where server errors show, the tree's moves. */
const t = (key: string, options?: Record<string, unknown>) => `${key}:${JSON.stringify(options ?? {})}`;

describe('the collection block as the forms send it', () => {
  it('sends no video without a type, and the markup only when one of its fields is filled', () => {
    expect(videoFromForm({ type: null, url: 'https://youtube.com/watch?v=1' })).toBeNull();
    expect(videoFromForm({ type: 'youtube', url: ' https://youtube.com/watch?v=1 ', schema_markup: { name: '', isFamilyFriendly: false } })).toEqual({
      type: 'youtube',
      url: 'https://youtube.com/watch?v=1',
      poster: null,
      schema_markup: null,
    });
    const at = dayjs('2026-11-02T09:00:00.000Z');
    const video = videoFromForm({ type: 'native', url: '/files/a.mp4', ratio: '16:9', poster: '/files/p.jpg', schema_markup: { name: 'Обзор', duration: 'PT1M30S', uploadDate: at, isFamilyFriendly: true } });
    expect(video).toEqual({
      type: 'native',
      url: '/files/a.mp4',
      poster: '/files/p.jpg',
      ratio: '16:9',
      schema_markup: { name: 'Обзор', description: null, uploadDate: '2026-11-02T09:00:00.000Z', duration: 'PT1M30S', isFamilyFriendly: true, thumbnail: null },
    });
    // What the form sends is what the contract takes, and it comes back into the form as it was.
    expect(collectionBlock.safeParse({ type: 'news', title: 'Новость', video, image: imageFromForm({ url: '/files/a.jpg', file_id: '7', title: '', alt: 'Фото' }) }).success).toBe(true);
    expect((videoToForm(video) as { schema_markup: { uploadDate: dayjs.Dayjs } }).schema_markup.uploadDate.toISOString()).toBe('2026-11-02T09:00:00.000Z');
    expect(videoToForm(null)).toEqual({ type: null });
  });

  it('sends no image without a file, and empty texts as null', () => {
    expect(imageFromForm({ url: null, title: 'x' })).toBeNull();
    expect(imageFromForm({ url: '/files/a.jpg', file_id: 12, title: ' Шины ', alt: '' })).toEqual({ url: '/files/a.jpg', file_id: '12', title: 'Шины', alt: null });
    expect(imageToForm(null)).toEqual({ url: null, file_id: null, title: null, alt: null });
    const body = { title: 'x', uri: '/x', image: imageFromForm({ url: 'javascript:alert(1)' }) };
    expect(createCollectionPageBody.safeParse({ data: body }).success).toBe(false);
  });
});

describe('server errors on the content forms', () => {
  const error = new ApiError(
    400,
    [
      { status: '400', code: 'required', title: 'Required', source: { pointer: '/data/attributes/collection/title' } },
      { status: '400', code: 'x', title: 'Too long', source: { pointer: '/data/attributes/collection/tags/3' } },
      { status: '400', code: 'x', title: 'Too long', source: { pointer: '/data/attributes/collection/tags/4' } },
      { status: '400', code: 'x', title: 'Wrong type', source: { pointer: '/data/attributes/floors/1/values/title' } },
      { status: '400', code: 'x', title: 'Not found', source: { pointer: '/data/attributes/header_floors/0/floor_id' } },
      { status: '400', code: 'x', title: 'Not a field' },
    ],
    'Bad request',
  );

  it('show under their fields; an item of a list shows on the list, a floor says which', () => {
    expect(contentFormErrors(error, t)).toEqual([
      { name: ['collection', 'title'], errors: ['Required'] },
      { name: ['collection', 'tags'], errors: ['Too long'] },
      { name: ['floors'], errors: ['floors_editor.error_at:{"number":2,"message":"Wrong type"}'] },
      { name: ['header_floors'], errors: ['floors_editor.error_at:{"number":1,"message":"Not found"}'] },
    ]);
  });

  it('take the root of action bodies, and nothing from other errors', () => {
    const action = new ApiError(400, [{ status: '400', code: 'x', title: 'Bad', source: { pointer: '/data/video/schema_markup/duration' } }], 'Bad');
    expect(contentFormErrors(action, t, '/data/')).toEqual([{ name: ['video', 'schema_markup', 'duration'], errors: ['Bad'] }]);
    expect(contentFormErrors(new Error('network'), t)).toEqual([]);
  });
});

describe('the page tree', () => {
  const page = (id: number, parent: number | null, position: number): PageRecord =>
    ({ id: String(id), type: 'pages', attributes: { uri: `/p${id}`, parent_id: parent, position } }) as unknown as PageRecord;
  const records = [page(1, null, 0), page(2, 1, 1), page(3, 1, 0), page(4, null, 1), page(5, 99, 0)];

  it('puts children under their parent in position order; a page whose parent is gone is at the top', () => {
    const tree = buildTree(records);
    expect(tree.get(null)!.map((record) => record.id)).toEqual(['1', '5', '4']);
    expect(tree.get('1')!.map((record) => record.id)).toEqual(['3', '2']);
  });

  it('turns a drop into the new parent and the place among the new siblings', () => {
    const tree = buildTree(records);
    // Onto a page: its first child.
    expect(dropTarget(tree, records, '4', '2', false, 0)).toEqual({ parent_id: 2, position: 0 });
    // Into the gap after page 3 (the first child of 1): second among 1's children.
    expect(dropTarget(tree, records, '4', '3', true, 1)).toEqual({ parent_id: 1, position: 1 });
    // Before page 2, dragging page 3 of the same parent: the dragged page does not count.
    expect(dropTarget(tree, records, '3', '2', true, -1)).toEqual({ parent_id: 1, position: 0 });
    // After a top-level page.
    expect(dropTarget(tree, records, '2', '4', true, 1)).toEqual({ parent_id: null, position: 3 });
  });
});
