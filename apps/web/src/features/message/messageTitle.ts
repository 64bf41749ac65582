import i18next from 'i18next';
import type { Message } from '@hmi/contract';
import { isTeamMessage, teamMessageKey } from './teamMessage';

/**
 * The title shown for a message: billing messages with params (reminders 1-5, team messages 6-9)
 * worded from them, team messages stored without params by their translated type; other messages
 * keep the server's title.
 */
export function messageTitle(m: Pick<Message, 'kind' | 'type' | 'title' | 'params'>): string {
  const key = teamMessageKey(m);
  if (key) return i18next.t(`${key}.title`, { ...m.params });
  if (isTeamMessage(m)) return i18next.t(`enums.billingMessageType.${m.type}`);
  return m.title;
}
