import { useCallback } from 'react';
import { listRoleOptions as optionsDef, mayCall } from '@hmi/contract';
import { listRoleOptions } from '../../../api/roles';
import { useSession } from '../../../session/session';
import { useLoad } from '../../../shared/useLoad';

/**
 * The team's roles as select options, loaded while `open`: for inviting (25), changing a role (26)
 * or role view (28); none without any of them.
 */
export function useRoleOptions(open: boolean) {
  const { userInfo } = useSession();
  const allowed = userInfo ? mayCall(userInfo, optionsDef.permission) : false;
  const fetch = useCallback(
    () =>
      open && allowed ? listRoleOptions({ handleError: true }).catch(() => null) : Promise.resolve(null),
    [open, allowed],
  );
  const roles = useLoad(fetch);
  return {
    loading: roles.loading,
    options: (roles.data ?? []).map((r) => ({ value: r.id, label: r.name })),
  };
}
