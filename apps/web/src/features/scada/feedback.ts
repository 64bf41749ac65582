/** Pending/done/failed state of the last write of each widget; a widget listens to its own id only. */
export type WriteState = 'pending' | 'done' | 'failed';

export interface Feedback {
  state: WriteState;
  error: string | null;
}

export interface FeedbackStore {
  get(widgetId: string): Feedback | undefined;
  set(widgetId: string, feedback: Feedback | undefined): void;
  subscribe(widgetId: string, listener: () => void): () => void;
}

export function createFeedbackStore(): FeedbackStore {
  const states = new Map<string, Feedback>();
  const listeners = new Map<string, Set<() => void>>();
  return {
    get: (id) => states.get(id),
    set(id, feedback) {
      if (feedback) states.set(id, feedback);
      else states.delete(id);
      listeners.get(id)?.forEach((fn) => fn());
    },
    subscribe(id, listener) {
      let set = listeners.get(id);
      if (!set) listeners.set(id, (set = new Set()));
      set.add(listener);
      return () => void set.delete(listener);
    },
  };
}
