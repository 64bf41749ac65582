/** Card allocation (id 21): a Remote Access card given to one device, which alone consumes it from then on. */
import { Alert, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { allocateCard, type BillingCard } from '@hmi/contract';
import { useCallMutation } from '../../api/callQuery';
import { FormModal } from '../../shared/FormModal';
import { useIrreversibleConfirm } from '../../shared/useIrreversibleConfirm';
import { billingChanged } from './changes';
import { DevicePicker } from './DevicePicker';
import { size } from './text';

interface Props {
  card: BillingCard | null;
  onClose: () => void;
}

export function CardAllocateModal({ card, onClose }: Props) {
  const { t } = useTranslation('billing');
  const confirmIrreversible = useIrreversibleConfirm();
  const [deviceName, setDeviceName] = useState('');
  const allocator = useCallMutation(allocateCard, { invalidates: billingChanged, handleError: true });
  const allocate = async (id: number, number: string, deviceId: number) => {
    await confirmIrreversible(t('cardAllocation.confirm', { number, device: deviceName }));
    return allocator.mutateAsync({ params: { id }, body: { device_id: deviceId } });
  };
  return (
    <FormModal<{ device_id?: number }, BillingCard>
      open={card !== null}
      title={t('cardAllocation.title')}
      name="cardAllocation"
      save={card ? (v) => allocate(card.id, card.number, v.device_id ?? 0) : null}
      successText={t('cardAllocation.done')}
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
