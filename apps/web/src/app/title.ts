/** Sets document.title after each navigation from the deepest matched route's title key. */
import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';

export interface RouteHandle {
  titleKey: string;
}

function titleKeyOf(handle: unknown): string | undefined {
  const key = (handle as Partial<RouteHandle> | undefined)?.titleKey;
  return typeof key === 'string' ? key : undefined;
}

export function useDocumentTitle(): void {
  const { t } = useTranslation();
  const matches = useMatches();
  const titleKey = matches
    .map((match) => titleKeyOf(match.handle))
    .filter(Boolean)
    .at(-1);
  useEffect(() => {
    const product = t('common.productName');
    document.title = titleKey ? `${t(titleKey)} - ${product}` : product;
  }, [t, titleKey]);
}
