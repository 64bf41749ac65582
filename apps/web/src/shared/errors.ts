/**
 * Error texts of the team, role, zone and message screens. Calls made with `{ handleError: true }`
 * come here: a refusal naming a reason (`roleInUse`, `ownsResources`, …) shows that reason's text, a
 * 1006 naming a validation key shows the key's text, anything else the translated text of its code.
 */
import { useCallback } from 'react';
import { App } from 'antd';
import i18next from 'i18next';
import { ErrorCode, ui } from '@hmi/contract';
import { isApiError, isCanceled } from '../api/errors';

export function errorText(error: unknown): string {
  if (!isApiError(error)) return i18next.t('errors.unknown');
  const data = (error.data ?? {}) as Record<string, unknown>;
  if (typeof data.reason === 'string' && i18next.exists(`team:reason.${data.reason}`))
    return i18next.t(`team:reason.${data.reason}`, {
      members: typeof data.members === 'number' ? data.members : 0,
      invitations: typeof data.invitations === 'number' ? data.invitations : 0,
      roles: Array.isArray(data.roles)
        ? (data.roles as { name?: unknown }[]).map((r) => String(r.name ?? '')).join(', ')
        : '',
    });
  if (
    error.code === ErrorCode.INPUT_PARAMETER &&
    typeof data.issue === 'string' &&
    i18next.exists(`validation:${data.issue}`)
  )
    return i18next.t(`validation:${data.issue}`);
  return i18next.t(`errors.${error.code}`, { defaultValue: i18next.t('errors.unknown') });
}

/** Shows a failed call's translated message for the spec's 2.5 s (cancelled calls stay silent). */
export function useErrorToast(): (error: unknown) => void {
  const { message } = App.useApp();
  return useCallback(
    (error: unknown) => {
      if (isCanceled(error)) return;
      void message.error(errorText(error), ui.errorToastSeconds);
    },
    [message],
  );
}
