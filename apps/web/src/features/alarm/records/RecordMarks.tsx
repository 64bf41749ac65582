/**
 * Marks of an alarm record beside its time: late (a gateway's outbox after an outage, not notified),
 * chattering (raised often, notified once), shelved (with who, until when and why).
 */
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALARM_CHATTER_RAISES, ALARM_CHATTER_WINDOW_S, type AlarmRecord } from '@hmi/contract';
import { formatTime } from '../../../shared/format';

/** Whether the record's shelf is still running. */
export const isShelved = (r: AlarmRecord): boolean =>
  r.shelved_until !== null && r.shelved_until * 1000 > Date.now();

const mark = { marginInlineStart: 4 } as const;

export function RecordMarks({ record: r }: { record: AlarmRecord }) {
  const { t } = useTranslation('alarm');
  return (
    <>
      {r.late && (
        <Tooltip title={t('records.lateHint')}>
          <Tag data-testid={`alarm-record-late-${r.id}`} style={mark}>
            {t('records.late')}
          </Tag>
        </Tooltip>
      )}
      {r.chattering && (
        <Tooltip
          title={t('records.chatteringHint', {
            n: ALARM_CHATTER_RAISES,
            m: ALARM_CHATTER_WINDOW_S / 60,
          })}
        >
          <Tag color="orange" data-testid={`alarm-record-chattering-${r.id}`} style={mark}>
            {t('records.chattering')}
          </Tag>
        </Tooltip>
      )}
      {isShelved(r) && (
        <Tooltip
          title={t('records.shelvedHint', {
            by: r.shelved_by ?? '',
            until: formatTime(r.shelved_until),
            reason: r.shelve_reason ?? '',
          })}
        >
          <Tag color="blue" data-testid={`alarm-record-shelved-${r.id}`} style={mark}>
            {t('records.shelved')}
          </Tag>
        </Tooltip>
      )}
    </>
  );
}

/** What alarmed: the rule's name, or the words for a device offline. */
export function useRecordTitle(): (r: AlarmRecord) => string {
  const { t } = useTranslation('alarm');
  return (r) => (r.kind === 'offline' ? t('records.offline') : r.rule_name);
}
