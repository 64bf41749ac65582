/** Card allocation (id 21): a Remote Access card given to one device, which alone consumes it from then on. */
import { Alert, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BillingCard } from '@hmi/contract';
import { allocateCard } from '../../api/billing';
import { FormModal } from '../../shared/FormModal';
import { DevicePicker } from './DevicePicker';
import { size } from './text';

interface Props {
  card: BillingCard | null;
  onClose: () => void;
  onSaved: (card: BillingCard) => void;
}

export function CardAllocateModal({ card, onClose, onSaved }: Props) {
  const { t } = useTranslation('billing');
  return (
    <FormModal<{ device_id?: number }, BillingCard>
      open={card !== null}
      title={t('cardAllocation.title')}
      name="cardAllocation"
      save={card ? (v) => allocateCard(card.id, v.device_id ?? 0, { handleError: true }) : null}
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
        <DevicePicker testId="card-allocation-device" />
      </Form.Item>
    </FormModal>
  );
}
