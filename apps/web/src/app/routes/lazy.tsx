/**
 * Route-level code splitting: each page is its own chunk, fetched on first visit, so the first load
 * of /login carries neither the shell nor the pages behind it.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** A named export loaded on first render (React.lazy wants a default export). */
export function lazyNamed<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => load().then((component) => ({ default: component })));
}

function PageLoading() {
  const { t } = useTranslation();
  return (
    <Flex justify="center" align="center" style={{ minHeight: 240 }} data-testid="page-loading">
      <Spin size="large" aria-label={t('common.loading')} />
    </Flex>
  );
}

/** `content` once the chunks it needs are loaded, a spinner meanwhile. */
export function Loaded({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}

/** A lazily loaded page without props, as a route element. */
export function page(Page: ComponentType): ReactNode {
  return (
    <Loaded>
      <Page />
    </Loaded>
  );
}
