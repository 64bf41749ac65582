/** The other zh-CN texts (the console's), one chunk imported lazily by `../resources.ts`. */
export default import.meta.glob<Record<string, unknown>>(
  ['../../locales/zh-CN/*.json', '!../../locales/zh-CN/{auth,common,editor,errors,menu,validation}.json'],
  { eager: true, import: 'default' },
);
