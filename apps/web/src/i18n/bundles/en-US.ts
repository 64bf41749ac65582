/** The en-US texts, one chunk (imported lazily by `../resources.ts`). */
export default import.meta.glob<Record<string, unknown>>('../../locales/en-US/*.json', {
  eager: true,
  import: 'default',
});
