/**
 * The zh-TW texts of the public screens (login, register, errors), one chunk imported lazily by
 * `../resources.ts`; the namespaces are `PUBLIC_NAMESPACES` there (`resources.test.ts` checks).
 */
export default import.meta.glob<Record<string, unknown>>(
  '../../locales/zh-TW/{auth,common,errors,menu,validation}.json',
  { eager: true, import: 'default' },
);
