/** /device/alarmperformance (id 2, beyond the spec: issue 26): alarm performance of the devices the user may see. */
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { AlarmPerformance } from '../../features/alarm/performance/AlarmPerformance';

export function AlarmPerformancePage() {
  const { t } = useTranslation('alarmKpi');
  return (
    <Card title={t('title')} data-testid="page-alarmperformance">
      <AlarmPerformance />
    </Card>
  );
}
