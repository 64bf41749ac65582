/** /device/alarmrecords (id 2): the alarm records of every device the user may see. */
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { AlarmRecords } from '../../features/alarm/records/AlarmRecords';

export function AlarmRecordsPage() {
  const { t } = useTranslation('alarm');
  return (
    <Card title={t('records.title')} data-testid="page-alarmrecords">
      <AlarmRecords />
    </Card>
  );
}
