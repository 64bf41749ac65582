/**
 * Stands in for antd's `App`: the same context (`App.useApp()` reads it) and the same root element
 * and text style, but the message, notification and modal pieces (./FeedbackHolders.tsx) load when
 * first used, or on the first key or pointer press (so they are there before a failed call needs
 * a toast), instead of with the first screen. Calls made before they arrive are replayed in order.
 * Code of the entry chunk uses `useFeedback()`: importing antd's `App` (for `App.useApp()`) brings
 * all those pieces back into it.
 */
import { useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { theme } from 'antd';
import AppContext, { type useAppProps } from 'antd/es/app/context';
import type { MessageInstance, MessageType } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import type { HookAPI } from 'antd/es/modal/useModal';
import { onFirstUse } from '../components/onFirstUse';
import type { FeedbackHolders } from './FeedbackHolders';

type Apis = useAppProps;
type ModalHandle = ReturnType<HookAPI['confirm']>;

const holders = onFirstUse(() => import('./FeedbackHolders'));

interface Deferred {
  /** The context value: every method waits for the real APIs. */
  api: Apis;
  ready: Promise<Apis>;
  resolve: (apis: Apis) => void;
}

// Handles are thenables: a promise resolved with one would wait for it, so they travel boxed.
interface Box<T> {
  handle: T;
}

/** A message's handle before the message exists: closing it closes the message once shown. */
function messageHandle(pending: Promise<Box<MessageType>>): MessageType {
  const closed = pending.then(({ handle }) => new Promise<boolean>((done) => void handle.then(done)));
  return Object.assign(() => void pending.then(({ handle }) => handle()), {
    then: <A = boolean, B = never>(
      ok?: ((value: boolean) => A | PromiseLike<A>) | null,
      fail?: ((reason: unknown) => B | PromiseLike<B>) | null,
    ) => closed.then(ok, fail),
  });
}

function modalHandle(pending: Promise<Box<ModalHandle>>): ModalHandle {
  return {
    destroy: () => void pending.then(({ handle }) => handle.destroy()),
    update: (config) => void pending.then(({ handle }) => handle.update(config)),
    then: (resolve, reject) => pending.then(({ handle }) => handle.then(resolve, reject)),
  };
}

function createDeferred(request: () => void): Deferred {
  let resolve: (apis: Apis) => void = () => undefined;
  const ready = new Promise<Apis>((done) => (resolve = done));
  let real: Apis | null = null;
  void ready.then((apis) => (real = apis));
  /** `run` on the real APIs: at once when they are there, else once they arrive. */
  const via = <R,>(run: (apis: Apis) => R): Promise<R> | R => {
    if (real) return run(real);
    request();
    return ready.then(run);
  };
  const message = (run: (m: MessageInstance) => MessageType): MessageType => {
    const result = via((apis) => ({ handle: run(apis.message) }));
    return result instanceof Promise ? messageHandle(result) : result.handle;
  };
  const modal = (run: (m: HookAPI) => ModalHandle): ModalHandle => {
    const result = via((apis) => ({ handle: run(apis.modal) }));
    return result instanceof Promise ? modalHandle(result) : result.handle;
  };
  const notice = (run: (n: NotificationInstance) => void) => void via((apis) => run(apis.notification));
  const api: Apis = {
    message: {
      info: (...a) => message((m) => m.info(...a)),
      success: (...a) => message((m) => m.success(...a)),
      error: (...a) => message((m) => m.error(...a)),
      warning: (...a) => message((m) => m.warning(...a)),
      loading: (...a) => message((m) => m.loading(...a)),
      open: (...a) => message((m) => m.open(...a)),
      destroy: (key) => void via((apis) => apis.message.destroy(key)),
    },
    notification: {
      success: (a) => notice((n) => n.success(a)),
      error: (a) => notice((n) => n.error(a)),
      info: (a) => notice((n) => n.info(a)),
      warning: (a) => notice((n) => n.warning(a)),
      open: (a) => notice((n) => n.open(a)),
      destroy: (key) => notice((n) => n.destroy(key)),
    },
    modal: {
      info: (props) => modal((m) => m.info(props)),
      success: (props) => modal((m) => m.success(props)),
      error: (props) => modal((m) => m.error(props)),
      warning: (props) => modal((m) => m.warning(props)),
      confirm: (props) => modal((m) => m.confirm(props)),
    },
  };
  return { api, ready, resolve };
}

type HoldersComponent = typeof FeedbackHolders;

export function Feedback({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const [Holders, setHolders] = useState<HoldersComponent | null>(
    () => holders.loaded()?.FeedbackHolders ?? null,
  );
  const [request] = useState(() => () => {
    holders.load().then(
      (module) => setHolders(() => module.FeedbackHolders),
      // Offline or a redeploy: the calls wait and the next one tries again.
      (error: unknown) => console.warn('feedback pieces could not be loaded', error),
    );
  });
  const [deferred] = useState(() => createDeferred(request));
  const onReady = useCallback((apis: Apis) => deferred.resolve(apis), [deferred]);
  useEffect(() => {
    const early = () => request();
    const options = { capture: true, once: true } as const;
    window.addEventListener('pointerdown', early, options);
    window.addEventListener('keydown', early, options);
    return () => {
      window.removeEventListener('pointerdown', early, options);
      window.removeEventListener('keydown', early, options);
    };
  }, [request]);
  return (
    <AppContext.Provider value={deferred.api}>
      {/* What antd's App draws: the root element with the theme's text style. */}
      <div
        className="ant-app"
        style={{
          color: token.colorText,
          fontSize: token.fontSize,
          lineHeight: token.lineHeight,
          fontFamily: token.fontFamily,
        }}
      >
        {Holders && <Holders onReady={onReady} />}
        {children}
      </div>
    </AppContext.Provider>
  );
}

/** The message, notification and modal APIs (what `App.useApp()` returns). */
export function useFeedback(): Apis {
  return useContext(AppContext);
}
