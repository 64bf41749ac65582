/** The other zh-TW texts (the console's), one chunk imported lazily by `../resources.ts`. */
export default import.meta.glob<Record<string, unknown>>(
  ['../../locales/zh-TW/*.json', '!../../locales/zh-TW/{auth,common,editor,errors,menu,validation}.json'],
  { eager: true, import: 'default' },
);
