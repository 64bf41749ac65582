/** Card allocation (id 21): a Remote Access card given to one device, which alone consumes it from then on. */
import { Alert, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BillingCard } from '@hmi/contract';
import { allocateCard } from '../../api/billing';
import { useState } from 'react';
import { FormModal } from '../../shared/FormModal';
import { useIrreversibleConfirm } from '../../shared/useIrreversibleConfirm';
import { DevicePicker } from './DevicePicker';
import { size } from './text';

interface Props {
  card: BillingCard | null;
  onClose: () => void;
  onSaved: (card: BillingCard) => void;
}

export function CardAllocateModal({ card, onClose, onSaved }: Props) {
  const { t } = useTranslation('billing');
  const confirmIrreversible = useIrreversibleConfirm();
  const [deviceName, setDeviceName] = useState('');
  const allocate = async (id: number, number: string, deviceId: number) => {
    await confirmIrreversible(t('cardAllocation.confirm', { number, device: deviceName }));
    return allocateCard(id, deviceId, { handleError: true });
  };
  return (
    <FormModal<{ device_id?: number }, BillingCard>
      open={card !== null}
      title={t('cardAllocation.title')}
      name="cardAllocation"
      save={card ? (v) => allocate(card.id, card.number, v.device_id ?? 0) : null}
      successText={t('cardAllocation.done')}
      onSaved={onSaved}
      onClose={onClose}
    >
      {card && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('cardAllocation.help', { number: card.number, size: size(card.remaining_bytes) })}
        />
      )}
      <Form.Item
        name="device_id"
        label={t('allocation.device')}
        rules={[{ required: true, message: t('validation:required') }]}
      >
        <DevicePicker
          testId="card-allocation-device"
          onChange={(_, picked) => setDeviceName(picked?.name ?? '')}
        />
      </Form.Item>
    </FormModal>
  );
}
