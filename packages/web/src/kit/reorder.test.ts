import { describe, expect, it } from 'vitest';
import { moveItem } from './reorder.ts';

describe('moveItem', () => {
  it('moves an item one place earlier or later and leaves the given list as it was', () => {
    const list = ['a', 'b', 'c'];
    expect(moveItem(list, 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(list, 2, -1)).toEqual(['a', 'c', 'b']);
    expect(list).toEqual(['a', 'b', 'c']);
  });
});
