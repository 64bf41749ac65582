/** The zh-CN texts, one chunk (imported lazily by `../resources.ts`). */
export default import.meta.glob<Record<string, unknown>>('../../locales/zh-CN/*.json', {
  eager: true,
  import: 'default',
});
