import { describe, expect, it } from 'vitest';
import { BODY_LIMITS, exceedsBodyLimits, findUnsafeText } from './input-guard.ts';

const object = (keys: number) => JSON.stringify(Object.fromEntries(Array.from({ length: keys }, (_, i) => [`k${i}`, i])));
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('body limits, read before parsing', () => {
  it('lets the widest and deepest real bodies through', () => {
    const client = { data: { attributes: { name: 'x', media_elements: Array.from({ length: 200 }, (_, i) => ({ id: `m${i}`, type: 'image', url: 'https://a.ru', title: null })) } } };
    expect(exceedsBodyLimits(JSON.stringify(client))).toBe(false);
    expect(exceedsBodyLimits(object(BODY_LIMITS.keys))).toBe(false);
    expect(exceedsBodyLimits(nested(BODY_LIMITS.depth))).toBe(false);
    expect(exceedsBodyLimits(JSON.stringify(Array.from({ length: BODY_LIMITS.items }, (_, i) => i)))).toBe(false);
  });

  it('refuses one key, level or item more', () => {
    expect(exceedsBodyLimits(object(BODY_LIMITS.keys + 1))).toBe(true);
    expect(exceedsBodyLimits(nested(BODY_LIMITS.depth + 1))).toBe(true);
    expect(exceedsBodyLimits(nested(10_000))).toBe(true);
    expect(exceedsBodyLimits(JSON.stringify(Array.from({ length: BODY_LIMITS.items + 2 }, (_, i) => i)))).toBe(true);
  });

  it('does not count colons, commas or brackets inside strings, escaped quotes included', () => {
    const text = `${':,[{'.repeat(5000)}\\"${':,[{'.repeat(5000)}`;
    expect(exceedsBodyLimits(`{"data":{"name":"${text}"}}`)).toBe(false);
    expect(exceedsBodyLimits(`["${'\\\\'.repeat(10)}", ${nested(BODY_LIMITS.depth + 1)}]`)).toBe(true);
  });
});

describe('unsafe text anywhere in a parsed value', () => {
  it('finds NUL, control characters and lone surrogates in values and keys, with their path', () => {
    expect(findUnsafeText({ data: { attributes: { name: 'a\u0000' } } })).toEqual(['data', 'attributes', 'name']);
    expect(findUnsafeText({ data: { ids: [1, 'ok', 'x\ud800'] } })).toEqual(['data', 'ids', 2]);
    expect(findUnsafeText({ data: { permissions: { 'svc\u0001': [] } } })).toEqual(['data', 'permissions', 'svc\u0001']);
    expect(findUnsafeText('\u007f')).toEqual([]);
  });

  it('passes real text: line breaks, tabs, emoji, numbers, null', () => {
    expect(findUnsafeText({ data: { description: 'one\n\ttwo\r\n', name: 'Автосалон 🚗', n: 1, none: null, yes: true } })).toBeNull();
    expect(findUnsafeText(undefined)).toBeNull();
  });
});
