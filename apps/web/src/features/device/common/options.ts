/**
 * Pickers' data shared by the registry screens: the group tree, team labels and templates. Each is
 * loaded only when the user may see it (sub-accounts without the view id get none, silently: `data`
 * stays undefined, as after a failure).
 */
import { listGroups, listLabels, listTemplates, Permission, type CallResponse } from '@hmi/contract';
import { useCallQuery } from '../../../api/callQuery';
import { useCan } from '../../../shared/access';

// Module-level: one function for every render, so the picked list keeps its identity between loads.
const listOf = <T>(page: { list: T[] }): T[] => page.list;
const labelsOf = (page: CallResponse<typeof listLabels>) => listOf(page);
const templatesOf = (page: CallResponse<typeof listTemplates>) => listOf(page);

/** Up to 200 templates, for the device dialogs' picker. */
export const TEMPLATE_OPTIONS_QUERY = { page: 1, pageSize: 200 };

export function useGroupTree(enabled = true) {
  const can = useCan();
  return useCallQuery(listGroups, {}, { enabled: enabled && can(Permission.GROUP_VIEW), handleError: true });
}

export function useLabels() {
  const can = useCan();
  return useCallQuery(
    listLabels,
    {},
    { enabled: can(Permission.DEVICE_VIEW), handleError: true, select: labelsOf },
  );
}

export function useTemplateOptions(enabled = true) {
  const can = useCan();
  return useCallQuery(
    listTemplates,
    { query: TEMPLATE_OPTIONS_QUERY },
    { enabled: enabled && can(Permission.TEMPLATE_VIEW), handleError: true, select: templatesOf },
  );
}
