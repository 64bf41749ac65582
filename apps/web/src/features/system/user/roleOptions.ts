import { listRoleOptions, mayCall } from '@hmi/contract';
import { useCallQuery } from '../../../api/callQuery';
import { useSession } from '../../../session/session';

/**
 * The team's roles as select options, loaded while `open`: for inviting (25), changing a role (26)
 * or role view (28); none without any of them (and none, silently, when the call is refused).
 */
export function useRoleOptions(open: boolean) {
  const { userInfo } = useSession();
  const allowed = userInfo ? mayCall(userInfo, listRoleOptions.permission) : false;
  const roles = useCallQuery(listRoleOptions, {}, { enabled: open && allowed, handleError: true });
  return {
    loading: roles.isLoading,
    options: (roles.data ?? []).map((r) => ({ value: r.id, label: r.name })),
  };
}
