import { describe, expect, it } from 'vitest';
import { JSON_DEPTH_MAX, jsonTooDeep } from './json-depth';

const nested = (depth: number) => `{"user":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;

describe('jsonTooDeep', () => {
  it('allows nesting up to the limit and refuses one level more', () => {
    expect(jsonTooDeep(nested(JSON_DEPTH_MAX))).toBe(false);
    expect(jsonTooDeep(nested(JSON_DEPTH_MAX + 1))).toBe(true);
    expect(jsonTooDeep(nested(100_000))).toBe(true);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ a: '['.repeat(100), b: '\\"[[[[', c: [[1]] });
    expect(jsonTooDeep(text, 3)).toBe(false);
    expect(jsonTooDeep(text, 2)).toBe(true);
  });
});
