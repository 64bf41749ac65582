/**
 * /device/alarmrecords (id 2): the alarm records of every device the user may see; `?state=1` opens
 * with the unacknowledged ones and `?shelved=0|1|all` with that shelved filter (the dashboard's link
 * says `state=1&shelved=0`, the filter its unacknowledged count uses).
 */
import { Card } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ALARM_STATE_ALL, AlarmRecordState } from '@hmi/contract';
import { AlarmRecords } from '../../features/alarm/records/AlarmRecords';

export function AlarmRecordsPage() {
  const { t } = useTranslation('alarm');
  const [params] = useSearchParams();
  const state = Number(params.get('state'));
  const known = (Object.values(AlarmRecordState) as number[]).includes(state);
  const shelvedParam = params.get('shelved');
  // Absent or unknown: hidden, the records' default.
  const shelved = shelvedParam === 'all' || shelvedParam === '1' ? shelvedParam : '0';
  return (
    <Card title={t('records.title')} data-testid="page-alarmrecords">
      <AlarmRecords initialState={known ? state : ALARM_STATE_ALL} initialShelved={shelved} />
    </Card>
  );
}
