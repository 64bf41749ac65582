import { messageParams, type MessageParams } from '@hmi/contract';

/** The stored params of a message; null when absent or not a valid params object. */
export function parseParams(text: string | null): MessageParams | null {
  if (!text) return null;
  try {
    const r = messageParams.safeParse(JSON.parse(text));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}
