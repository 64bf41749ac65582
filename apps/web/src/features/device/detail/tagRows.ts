import type { LiveTag } from '@hmi/contract';
import type { TagSample } from '../../../live/types';

/** A TAG with the newest of its loaded value and the value the socket pushed since. */
export function withLiveValue(tag: LiveTag, pushed: TagSample | undefined): LiveTag {
  if (!pushed || (tag.ts !== null && pushed.ts < tag.ts)) return tag;
  return { ...tag, value: pushed.value, ts: pushed.ts };
}
