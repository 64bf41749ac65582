import { describe, expect, it } from 'vitest';
import { locales } from '@hmi/contract';
import { COMBINED_NS, loadResources, PUBLIC_NAMESPACES } from './resources';

const namespaces = (resource: object | undefined) =>
  Object.keys(resource ?? {})
    .filter((ns) => ns !== COMBINED_NS)
    .sort();

describe('locale text parts', () => {
  it.each(locales)(
    '%s: the public part holds the public namespaces, the rest every other one',
    async (locale) => {
      const first = await loadResources([locale], ['public']);
      const rest = await loadResources([locale], ['rest']);
      const all = await loadResources([locale]);
      expect(namespaces(first[locale])).toEqual([...PUBLIC_NAMESPACES].sort());
      expect(
        namespaces(rest[locale]).filter((ns) => (PUBLIC_NAMESPACES as readonly string[]).includes(ns)),
      ).toEqual([]);
      expect([...namespaces(first[locale]), ...namespaces(rest[locale])].sort()).toEqual(
        namespaces(all[locale]),
      );
      expect(namespaces(rest[locale]).length).toBeGreaterThan(10);
    },
  );
});
