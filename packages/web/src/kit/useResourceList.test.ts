import { describe, expect, it } from 'vitest';
import { clientResource, siteResource } from '@dp/contracts';
import { cleanSort, columnSortOrder, readListParams, sortOfTable, toApiQuery } from './useResourceList.ts';
import { buildQuery } from './api.ts';

describe('list state in the URL', () => {
  it('reads page, size, sort and the declared filters; ignores anything else', () => {
    const params = new URLSearchParams('page=3&size=50&sort=-name,bogus&search=лад&group_id=2&evil=1');
    expect(readListParams(clientResource, params)).toEqual({ page: 3, size: 50, sort: '-name', filters: { search: 'лад', group_id: '2' } });
  });

  it('falls back to page 1, size 20 and the server default sort', () => {
    expect(readListParams(siteResource, new URLSearchParams('page=-4&size=7&sort=password'))).toEqual({ page: 1, size: 20, sort: undefined, filters: {} });
  });

  it("turns a table's sorter into the list's sort and back: descending with a minus, none for the default", () => {
    expect(sortOfTable({ columnKey: 'rating', order: 'descend' })).toBe('-rating');
    expect(sortOfTable([{ columnKey: 'created_at', order: 'ascend' }])).toBe('created_at');
    expect(sortOfTable({ columnKey: 'rating', order: null })).toBeNull();
    expect(columnSortOrder('-rating', 'rating')).toBe('descend');
    expect(columnSortOrder('rating', 'rating')).toBe('ascend');
    expect(columnSortOrder('-created_at', 'rating')).toBeNull();
  });

  it('keeps only sortable fields of the resource', () => {
    expect(cleanSort('-created_at,name', clientResource.sort)).toBe('-created_at,name');
    expect(cleanSort('holding', clientResource.sort)).toBeUndefined();
  });

  it('turns the state into the API query: page[number], page[size], sort, filter[...]', () => {
    const query = toApiQuery({ page: 2, size: 50, sort: '-name', filters: { search: 'a b', client_id: '3' } });
    expect(buildQuery(query)).toBe('?page[number]=2&page[size]=50&sort=-name&filter[search]=a%20b&filter[client_id]=3');
    expect(buildQuery(toApiQuery({ page: 1, size: 20 }))).toBe('?page[number]=1&page[size]=20');
  });
});
