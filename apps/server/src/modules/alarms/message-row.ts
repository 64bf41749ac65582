import { MessageKind, type AlarmMessage } from '@hmi/contract';
import { storedMessage, type StoredMessage } from '../message';

/**
 * The message-centre row of an alarm event for one member: title and content read as they are in the
 * generic message list; `params` (event, device, rule, level, TAG, value, content) let the web word
 * the message in the reader's locale.
 */
export function alarmMessageRow(
  m: { userId: number; teamId: number; recordId: number; event: AlarmMessage['event']; now: number },
  f: { device: string; rule: string; level: number; tag: string; value: string; content: string },
): StoredMessage {
  return storedMessage({
    team_id: m.teamId,
    user_id: m.userId,
    kind: MessageKind.ALARM,
    type: null,
    title: `${f.device}: ${f.rule}`,
    content: f.content || `${f.tag} = ${f.value}`,
    params: { event: m.event, ...f },
    alarm_record_id: m.recordId,
    alarm_event: m.event,
    created_at: m.now,
  });
}
