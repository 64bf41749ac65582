/**
 * Pickers' data shared by the registry screens: the group tree, team labels and templates. Each is
 * loaded only when the user may see it (sub-accounts without the view id get an empty list, silently).
 */
import { useCallback } from 'react';
import { Permission, type GroupNode, type Label, type Template } from '@hmi/contract';
import { listGroups } from '../../../api/groups';
import { listLabels } from '../../../api/labels';
import { listTemplates } from '../../../api/templates';
import { useCan } from '../../../shared/access';
import { useLoad } from '../../../shared/useLoad';

const quiet = { handleError: true } as const;

export function useGroupTree(enabled = true) {
  const can = useCan();
  const allowed = enabled && can(Permission.GROUP_VIEW);
  const fetch = useCallback(
    (): Promise<GroupNode[]> => (allowed ? listGroups(quiet).catch(() => []) : Promise.resolve([])),
    [allowed],
  );
  return useLoad(fetch);
}

export function useLabels() {
  const can = useCan();
  const allowed = can(Permission.DEVICE_VIEW);
  const fetch = useCallback(
    (): Promise<Label[]> =>
      allowed
        ? listLabels(quiet).then(
            (r) => r?.list ?? [],
            () => [],
          )
        : Promise.resolve([]),
    [allowed],
  );
  return useLoad(fetch);
}

/** Up to 200 templates, for the device dialogs' picker. */
export function useTemplateOptions(enabled = true) {
  const can = useCan();
  const allowed = enabled && can(Permission.TEMPLATE_VIEW);
  const fetch = useCallback(
    (): Promise<Template[]> =>
      allowed
        ? listTemplates({ page: 1, pageSize: 200 }, quiet).then(
            (r) => r?.list ?? [],
            () => [],
          )
        : Promise.resolve([]),
    [allowed],
  );
  return useLoad(fetch);
}
