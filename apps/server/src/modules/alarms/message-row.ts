import { MessageKind, type AlarmMessage, type AlarmRecordKind, type Locale } from '@hmi/contract';
import { storedMessage, type StoredMessage } from '../message';
import { wordedFacts } from './offline-text';

/**
 * The message-centre row of an alarm event for one member: title and content read as they are in the
 * generic message list, in the member's locale (their subscription's, else the default) where the
 * server words them (an offline alarm); `params` (event, kind, device, rule, level, TAG, value,
 * content, as stored) let the web word the message in the reader's locale.
 */
export function alarmMessageRow(
  m: {
    userId: number;
    teamId: number;
    recordId: number;
    event: AlarmMessage['event'];
    now: number;
    locale: Locale;
  },
  f: {
    kind?: AlarmRecordKind;
    device: string;
    rule: string;
    level: number;
    tag: string;
    value: string;
    content: string;
  },
): StoredMessage {
  const read = wordedFacts(m.locale, f);
  return storedMessage({
    team_id: m.teamId,
    user_id: m.userId,
    kind: MessageKind.ALARM,
    type: null,
    title: `${read.device}: ${read.rule}`,
    content: read.content || `${f.tag} = ${f.value}`,
    params: { event: m.event, ...f },
    alarm_record_id: m.recordId,
    alarm_event: m.event,
    created_at: m.now,
  });
}
