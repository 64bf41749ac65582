/**
 * Route-level code splitting: each page is its own chunk, fetched on first visit, so the first load
 * of /login carries neither the shell nor the pages behind it.
 */
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { interfaceReady } from '../../i18n';

/** When the page last reloaded because a chunk failed to load (ms since the epoch). */
const RELOADED_KEY = 'hmi.chunkReloadedAt';
/** A failure this soon after such a reload is not cured by another one. */
const RELOAD_WINDOW_MS = 30_000;

/** A chunk that could not be loaded even after a reload (the route's error page says so). */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('chunk load failed', { cause });
    this.name = 'ChunkLoadError';
  }
}

/**
 * `load`, or, when a chunk cannot be fetched (the server restarted, a redeploy renamed the files),
 * one reload of the page: it fetches the current index.html and its chunks. A failure within
 * RELOAD_WINDOW_MS of that reload is a ChunkLoadError for the route's error page (other chunks
 * loading fine in between must not start another reload: that would loop); React.lazy would
 * otherwise keep the rejected import for good.
 */
export function loadOrReload<T>(
  load: () => Promise<T>,
  reload = () => window.location.reload(),
  now = () => Date.now(),
): Promise<T> {
  return load().catch((error: unknown) => {
    const last = Number(sessionStorage.getItem(RELOADED_KEY) ?? Number.NEGATIVE_INFINITY);
    if (now() - last < RELOAD_WINDOW_MS) throw new ChunkLoadError(error);
    sessionStorage.setItem(RELOADED_KEY, String(now()));
    reload();
    // The page is going away: nothing renders meanwhile.
    return new Promise<never>(() => undefined);
  });
}

/** Lets the error page's "reload" try the reload-once path again. */
export function forgetChunkReload(): void {
  sessionStorage.removeItem(RELOADED_KEY);
}

/** A lazily loaded component whose chunk can be requested before its first render. */
export type LazyPage<P extends object = object> = ComponentType<P> & {
  /**
   * Starts the chunk's download now (a signed-in visit's first screen, at boot). Settles once it is
   * loaded or failed (the render then takes the reload path); never rejects.
   */
  preload(): Promise<void>;
};

/**
 * A named export loaded on first render (React.lazy wants a default export), with all the texts of
 * the interface language and dayjs in it: the first screen may have loaded only the login page's
 * texts (i18n/index.ts). Once loaded (preloaded at boot, or visited before) it renders at once:
 * React.lazy would suspend even then, and React holds back each suspended boundary's content for up
 * to 300 ms after its fallback showed (shell, then page: the signed-in first screen's LCP).
 */
export function lazyNamed<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let started: Promise<ComponentType<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  // The preload and the first render share one import; after a failed one the render imports
  // again, and its own failure takes the reload path.
  const once = (): Promise<ComponentType<P>> => {
    if (!started) {
      started = Promise.all([load(), interfaceReady()]).then(([component]) => (loaded = component));
      started.catch(() => (started = null));
    }
    return started;
  };
  const Lazy = lazy(() => loadOrReload(once).then((component) => ({ default: component })));
  function LoadedOrLazy(props: P) {
    // Fixed for the element's life: switching from Lazy to the component would remount it.
    const [Ready] = useState(() => loaded);
    return Ready ? <Ready {...props} /> : <Lazy {...props} />;
  }
  const preload = () =>
    once().then(
      () => undefined,
      () => undefined,
    );
  return Object.assign(LoadedOrLazy, { preload });
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
