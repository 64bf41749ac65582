/**
 * A field reason in words (DESIGN.md "Field side", quality): `timeout`, `disconnected`, `decode`,
 * `exception:<n>` (with the Modbus exception's name when it has one), `config:<why>`; any other
 * reason is quoted. Shared by quality (device detail, SCADA) and failed writes (dialogs, audit).
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';

const SIMPLE = new Set(['timeout', 'disconnected', 'decode']);
/** Modbus exception codes with a name (application protocol spec, section 7). */
const NAMED_EXCEPTIONS = new Set(['1', '2', '3', '4', '5', '6', '8', '10', '11']);

export function reasonText(t: TFunction, reason: string): string {
  if (SIMPLE.has(reason)) return t('live:reason.' + reason);
  const [kind, detail = ''] = splitReason(reason);
  if (kind === 'exception')
    return NAMED_EXCEPTIONS.has(detail)
      ? t('live:reason.exception', { code: detail, name: t(`live:reason.exceptionName.${detail}`) })
      : t('live:reason.exceptionCode', { code: detail });
  if (kind === 'config')
    return detail === 'unknown connection'
      ? t('live:reason.unknownConnection')
      : t('live:reason.config', { why: detail });
  return t('live:reason.other', { reason });
}

/** `kind:detail` → [kind, detail]; the detail may hold colons itself. */
function splitReason(reason: string): [string, string?] {
  const i = reason.indexOf(':');
  return i < 0 ? [reason] : [reason.slice(0, i), reason.slice(i + 1)];
}

/** Whether `text` is a field reason (an ack's `reason`), not a device's free text. */
export function isFieldReason(text: string): boolean {
  return SIMPLE.has(text) || /^(exception|config):./.test(text);
}

export function useReasonText(): (reason: string) => string {
  const { t } = useTranslation();
  return useCallback((reason: string) => reasonText(t, reason), [t]);
}
