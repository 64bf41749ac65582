import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isFieldReason, reasonText } from './reasonText';

/** Reasons the server gives itself; anything else is the device's own text. */
const KNOWN = new Set(['offline', 'timeout', 'broker']);

/**
 * Why a command failed, in words: the server's reasons and the field's (a PLC's exception, a lost
 * connection) translated, a device's other answer quoted.
 */
export function useCommandErrorText(): (error: string | null) => string {
  const { t } = useTranslation('live');
  return useCallback(
    (error: string | null) =>
      error && KNOWN.has(error)
        ? t(`commandError.${error}`)
        : error && isFieldReason(error)
          ? reasonText(t, error)
          : t('commandError.device', { error: error ?? '-' }),
    [t],
  );
}
