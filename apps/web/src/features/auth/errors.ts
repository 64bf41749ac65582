import i18next from 'i18next';
import { ui } from '@hmi/contract';
import { showErrorToast } from '../../ui/feedback';
import { isApiError, isCanceled } from '../../api/errors';

/** The code of an API rejection, or undefined for anything else. */
export function errorCode(error: unknown): number | string | undefined {
  return isApiError(error) ? error.code : undefined;
}

/**
 * Shows the translated error of a call made with `handleError: true` that the screen did not handle
 * itself, like the client would have. Cancelled requests stay silent.
 */
export function toastError(error: unknown): void {
  if (isCanceled(error)) return;
  const code = errorCode(error) ?? 'unknown';
  const text = i18next.t(`errors:${code}`, { defaultValue: i18next.t('errors:unknown') });
  showErrorToast(text, ui.errorToastSeconds);
}
