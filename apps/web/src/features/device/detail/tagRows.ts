import type { LiveTag } from '@hmi/contract';
import type { TagSample } from '../../../live/types';

/**
 * A TAG with the newest of its loaded state and what the socket pushed since: a good value, or a bad
 * sample's reason (the last good value and its time stay).
 */
export function withLiveValue(tag: LiveTag, pushed: TagSample | undefined): LiveTag {
  const newest = Math.max(tag.ts ?? -1, tag.quality_ts ?? -1);
  if (!pushed || pushed.ts < newest) return tag;
  if (pushed.q !== undefined) {
    const bad = { ...tag, quality: 'bad' as const, quality_reason: pushed.q, quality_ts: pushed.ts };
    // The last good value received live is newer than the loaded one.
    const { goodTs } = pushed;
    return goodTs !== undefined && goodTs >= (tag.ts ?? -1)
      ? { ...bad, value: pushed.value, ts: goodTs }
      : bad;
  }
  return {
    ...tag,
    value: pushed.value,
    ts: pushed.ts,
    quality: 'good',
    quality_reason: null,
    quality_ts: null,
  };
}
