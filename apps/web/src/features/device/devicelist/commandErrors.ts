import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Reasons the server gives itself; anything else is the device's own text. */
const KNOWN = new Set(['offline', 'timeout', 'broker']);

/** Why a command failed, in words: the server's reasons translated, a device's answer quoted. */
export function useCommandErrorText(): (error: string | null) => string {
  const { t } = useTranslation('live');
  return useCallback(
    (error: string | null) =>
      error && KNOWN.has(error)
        ? t(`commandError.${error}`)
        : t('commandError.device', { error: error ?? '-' }),
    [t],
  );
}
