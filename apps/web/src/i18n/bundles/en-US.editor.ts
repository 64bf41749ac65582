/** The en-US texts of the screen editor, one chunk imported by the editor only (`../resources.ts`). */
export default import.meta.glob<Record<string, unknown>>('../../locales/en-US/editor.json', {
  eager: true,
  import: 'default',
});
