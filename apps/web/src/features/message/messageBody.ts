import i18next from 'i18next';
import type { Message } from '@hmi/contract';
import { teamMessageKey } from './teamMessage';

/** The text shown for a message: team messages worded from their params, others as stored. */
export function messageBody(m: Pick<Message, 'kind' | 'type' | 'content' | 'params'>): string {
  const key = teamMessageKey(m);
  return key ? i18next.t(`${key}.body`, { ...m.params }) : m.content;
}
