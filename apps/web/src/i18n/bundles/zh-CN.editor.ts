/** The zh-CN texts of the screen editor, one chunk imported by the editor only (`../resources.ts`). */
export default import.meta.glob<Record<string, unknown>>('../../locales/zh-CN/editor.json', {
  eager: true,
  import: 'default',
});
