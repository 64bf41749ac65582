/** The other en-US texts (the console's), one chunk imported lazily by `../resources.ts`. */
export default import.meta.glob<Record<string, unknown>>(
  ['../../locales/en-US/*.json', '!../../locales/en-US/{auth,common,editor,errors,menu,validation}.json'],
  { eager: true, import: 'default' },
);
