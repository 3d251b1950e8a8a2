import { describe, expect, it } from 'vitest';
import type { RequestEntity } from '@dp/contracts';
import { valueAt } from './RequestListPage.tsx';
import { listQuery } from './request-api.ts';

describe('the request list', () => {
  const request = { name: 'Анна', fields: { vin: 'XW8AB000000000001' }, analytics: { utm: { source: 'yandex' } } } as unknown as RequestEntity;
  it('reads a column of the request, of its type fields and of its analytics', () => {
    expect(valueAt(request, 'name')).toBe('Анна');
    expect(valueAt(request, 'fields.vin')).toBe('XW8AB000000000001');
    expect(valueAt(request, 'analytics.utm.source')).toBe('yandex');
    expect(valueAt(request, 'analytics.utm.campaign')).toBeUndefined();
  });
  it('sends the search and the date range only when given', () => {
    expect(listQuery({ search: '', from: null, to: null })).toEqual({ 'filter[search]': undefined, 'date[from]': undefined, 'date[to]': undefined });
    expect(listQuery({ search: 'анна', from: '2026-11-01', to: '2026-11-30' })).toEqual({ 'filter[search]': 'анна', 'date[from]': '2026-11-01', 'date[to]': '2026-11-30' });
    expect(listQuery({ search: '', from: null, to: null, captcha: 'unverified' })).toEqual({ 'filter[captcha]': 'unverified' });
  });
});
