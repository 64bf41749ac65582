import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseCircleFilled } from '../ui/icons';

/** 12 px icon + 6 px each side: the 24 px target WCAG 2.5.8 asks for (it fits a 40 px input). */
const inputTarget = { padding: 6 } as const;

/**
 * `allowClear` for a filter's input or select with its clear button named in the locale: antd names
 * an input's "close-circle" (the icon) and a select's "Clear", in every language.
 */
export function useClearable() {
  const { t } = useTranslation();
  return useMemo(() => {
    const label = t('common.clear');
    return {
      input: { clearIcon: <CloseCircleFilled aria-label={label} style={inputTarget} /> },
      select: { clearIcon: <CloseCircleFilled />, label },
    };
  }, [t]);
}
