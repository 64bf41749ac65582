/** Permission gating of controls (spec sections 5 and 6): a control needing an id shows only when allowed. */
import { useCallback } from 'react';
import { hasPermission, type PermissionRequirement } from '@hmi/contract';
import { useSession } from '../session/session';

/** `can(id)`: whether the signed-in user may use a control that needs `id`. */
export function useCan(): (required: PermissionRequirement) => boolean {
  const { userInfo } = useSession();
  return useCallback(
    (required: PermissionRequirement) => (userInfo ? hasPermission(userInfo, required) : false),
    [userInfo],
  );
}
