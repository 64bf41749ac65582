/**
 * Error toasts of the registry screens. Calls made with `{ handleError: true }` come here: a 1006
 * naming a validation key shows that key's text (e.g. "at most 50 labels"), anything else the
 * translated text of its code, as the client would.
 */
import { useCallback } from 'react';
import { App } from 'antd';
import i18next from 'i18next';
import { ErrorCode, ui } from '@hmi/contract';
import { isApiError, isCanceled } from '../../../api/errors';

export function errorText(error: unknown): string {
  if (!isApiError(error)) return i18next.t('errors.unknown');
  const issue = (error.data as { issue?: unknown } | null | undefined)?.issue;
  if (
    error.code === ErrorCode.INPUT_PARAMETER &&
    typeof issue === 'string' &&
    i18next.exists(`validation:${issue}`)
  )
    return i18next.t(`validation:${issue}`);
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
