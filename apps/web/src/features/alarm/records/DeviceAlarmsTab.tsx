/** The alarm records of one device, as a section of its detail page. */
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Device } from '@hmi/contract';
import { AlarmRecords } from './AlarmRecords';

export function DeviceAlarmsTab({ device }: { device: Pick<Device, 'id' | 'template_id'> }) {
  const { t } = useTranslation('alarm');
  return (
    <Card title={t('records.deviceTitle')} data-testid="device-alarms">
      {/* Keyed: another device's records start from the first query again. */}
      <AlarmRecords key={device.id} device={{ id: device.id, template_id: device.template_id }} />
    </Card>
  );
}
