import type { MessageParams } from '@hmi/contract';
import type { MessageKind } from '../../platform/db/schema';

/** A message to write, as the modules that tell of something (team, alarms) word it. */
export interface NewMessage {
  team_id: number;
  user_id: number | null;
  kind: MessageKind;
  type?: number | null;
  params?: MessageParams | null;
  title: string;
  content: string;
  /** Alarm messages: the record and what happened to it. */
  alarm_record_id?: number | null;
  alarm_event?: string | null;
  created_at: number;
}

/** The stored form of a new message: params as JSON text, unread. */
export function storedMessage(m: NewMessage) {
  return {
    ...m,
    type: m.type ?? null,
    params: m.params ? JSON.stringify(m.params) : null,
    is_read: 0,
    alarm_record_id: m.alarm_record_id ?? null,
    alarm_event: m.alarm_event ?? null,
  };
}

export type StoredMessage = ReturnType<typeof storedMessage>;
