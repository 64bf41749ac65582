/** The zh-TW texts of the screen editor, one chunk imported by the editor only (`../resources.ts`). */
export default import.meta.glob<Record<string, unknown>>('../../locales/zh-TW/editor.json', {
  eager: true,
  import: 'default',
});
