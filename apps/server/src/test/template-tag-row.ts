import type { NewTemplateTag } from '../platform/db/schema';

/**
 * A template_tags row to write straight to the database: no address, scanned every second, no
 * history unless given.
 */
export function templateTagRow(
  t: Pick<NewTemplateTag, 'template_id' | 'name' | 'data_type' | 'access' | 'sort'> &
    Partial<Pick<NewTemplateTag, 'save_history'>>,
): NewTemplateTag {
  return {
    address_type: '',
    address: '',
    scan_time_ms: 1000,
    save_history: 0,
    default_value: '',
    description: '',
    ...t,
  };
}
