import { describe, expect, it } from 'vitest';
import { locales } from '@hmi/contract';
import { COMBINED_NS, EDITOR_NAMESPACES, loadResources, PUBLIC_NAMESPACES } from './resources';

const namespaces = (resource: object | undefined) =>
  Object.keys(resource ?? {})
    .filter((ns) => ns !== COMBINED_NS)
    .sort();

describe('locale text parts', () => {
  it.each(locales)(
    '%s: the public part holds the public namespaces, the editor its own, the rest every other one',
    async (locale) => {
      const first = await loadResources([locale], ['public']);
      const rest = await loadResources([locale], ['rest']);
      const editor = await loadResources([locale], ['editor']);
      const all = await loadResources([locale]);
      expect(namespaces(first[locale])).toEqual([...PUBLIC_NAMESPACES].sort());
      expect(namespaces(editor[locale])).toEqual([...EDITOR_NAMESPACES].sort());
      expect(
        namespaces(rest[locale]).filter((ns) => (PUBLIC_NAMESPACES as readonly string[]).includes(ns)),
      ).toEqual([]);
      expect(
        [...namespaces(first[locale]), ...namespaces(rest[locale]), ...namespaces(editor[locale])].sort(),
      ).toEqual(namespaces(all[locale]));
      expect(namespaces(rest[locale]).length).toBeGreaterThan(10);
    },
  );
});
