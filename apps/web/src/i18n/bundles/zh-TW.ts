/** The zh-TW texts, one chunk (imported lazily by `../resources.ts`). */
export default import.meta.glob<Record<string, unknown>>('../../locales/zh-TW/*.json', {
  eager: true,
  import: 'default',
});
