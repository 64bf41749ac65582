import { useCallback } from 'react';
import { Permission } from '@hmi/contract';
import { listRoles } from '../../../api/roles';
import { useCan } from '../../../shared/access';
import { useLoad } from '../../../shared/useLoad';

/** The team's roles as select options (needs 28; none without it), loaded while `open`. */
export function useRoleOptions(open: boolean) {
  const can = useCan();
  const fetch = useCallback(
    () =>
      open && can(Permission.ROLE_VIEW)
        ? listRoles({ page: 1, pageSize: 200 }, { handleError: true }).catch(() => null)
        : Promise.resolve(null),
    [open, can],
  );
  const roles = useLoad(fetch);
  return {
    loading: roles.loading,
    options: (roles.data?.list ?? []).map((r) => ({ value: r.id, label: r.name })),
  };
}
