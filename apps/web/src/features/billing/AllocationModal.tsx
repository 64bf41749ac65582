/**
 * TAG allocation (id 19): a device, a TAG count and a collection frequency, taken from the free pool.
 * Shows the device's current level and the pool, and says plainly that an allocation cannot be undone
 * and a level only goes up (more TAGs or more frequent collection; an upgrade takes the difference).
 */
import { useEffect, useState } from 'react';
import { Alert, Descriptions, Form, InputNumber, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { allocationFrequencies, createAllocation, getDeviceBilling } from '@hmi/contract';
import { useCallMutation, useCallQuery } from '../../api/callQuery';
import type { AllocationInput, BillingAccount, TagAllocation } from '../../api/billing';
import { FormModal } from '../../shared/FormModal';
import { useIrreversibleConfirm } from '../../shared/useIrreversibleConfirm';
import { billingChanged } from './changes';
import { DevicePicker, type PickedDevice } from './DevicePicker';
import { formatDate, levelText } from './text';

type Values = Partial<AllocationInput>;

/** The server's rule: no fewer TAGs, no slower collection, and at least one of them better. */
const isLevelUp = (current: { tag_count: number; frequency_min: number }, tags: number, minutes: number) =>
  tags >= current.tag_count &&
  minutes <= current.frequency_min &&
  (tags > current.tag_count || minutes < current.frequency_min);

interface Props {
  open: boolean;
  account: BillingAccount | null;
  /** Opened from a device: that device, fixed. */
  device?: PickedDevice;
  onClose: () => void;
}

export function AllocationModal({ open, account, device, onClose }: Props) {
  const { t } = useTranslation('billing');
  const [form] = Form.useForm<Values>();
  const [deviceId, setDeviceId] = useState<number | undefined>(device?.id);
  const [deviceName, setDeviceName] = useState<string>(device?.name ?? '');
  const confirmIrreversible = useIrreversibleConfirm();
  const picked = open ? (device?.id ?? deviceId) : undefined;
  const current = useCallQuery(getDeviceBilling, { params: { id: picked ?? 0 } }, { enabled: !!picked });
  const creator = useCallMutation(createAllocation, { invalidates: billingChanged, handleError: true });
  const level = picked && current.data?.device_id === picked ? current.data.allocation : null;
  const free = account?.tags.free ?? 0;
  const tagCount = Form.useWatch('tag_count', form);
  const needed = Math.max(0, (tagCount ?? 0) - (level?.tag_count ?? 0));
  // A device with a level starts from that level: the user raises what they want raised.
  useEffect(() => {
    if (level)
      form.setFieldsValue({
        tag_count: level.tag_count,
        frequency_min: allocationFrequencies.find((f) => f === level.frequency_min),
      });
  }, [level, form]);

  const save = async (values: Values) => {
    await confirmIrreversible(
      t('allocation.confirm', {
        tags: values.tag_count ?? 0,
        minutes: values.frequency_min ?? allocationFrequencies[0],
        device: device?.name ?? deviceName,
      }),
    );
    return creator.mutateAsync({
      body: {
        device_id: picked ?? 0,
        tag_count: values.tag_count ?? 0,
        frequency_min: values.frequency_min ?? allocationFrequencies[0],
      },
    });
  };

  return (
    <FormModal<Values, TagAllocation>
      open={open}
      title={t('allocation.title')}
      form={form}
      name="allocation"
      initialValues={{ device_id: device?.id, frequency_min: 5 }}
      save={open ? save : null}
      successText={t('allocation.done')}
      onClose={() => {
        setDeviceId(undefined);
        onClose();
      }}
    >
      <Alert
        type="info"
        showIcon
        title={t('allocation.rule')}
        style={{ marginBottom: 16 }}
        data-testid="allocation-rule"
      />
      <Form.Item
        name="device_id"
        label={t('allocation.device')}
        rules={[{ required: true, message: t('validation:required') }]}
      >
        <DevicePicker
          initial={device}
          disabled={device !== undefined}
          onChange={(id, pickedDevice) => {
            setDeviceId(id);
            setDeviceName(pickedDevice?.name ?? '');
          }}
          testId="allocation-device"
        />
      </Form.Item>
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }} data-testid="allocation-status">
        <Descriptions.Item label={t('allocation.current')}>
          {!picked
            ? '-'
            : level
              ? t('allocation.currentLevel', { level: levelText(t, level), date: formatDate(level.ends_at) })
              : t('allocation.noLevel')}
        </Descriptions.Item>
        <Descriptions.Item label={t('allocation.pool')}>
          {t('allocation.poolValue', { free, pool: account?.tags.pool ?? 0 })}
        </Descriptions.Item>
      </Descriptions>
      <Form.Item
        name="tag_count"
        label={t('allocation.tagCount')}
        dependencies={['frequency_min']}
        extra={picked ? t('allocation.takes', { tags: needed }) : undefined}
        rules={[
          { required: true, message: t('validation:required') },
          { type: 'integer', min: 1, max: 100000 },
          {
            validator: (_, value: number | null) => {
              if (level && !isLevelUp(level, value ?? 0, form.getFieldValue('frequency_min') as number))
                return Promise.reject(new Error(t('validation:levelDown')));
              if (needed > free) return Promise.reject(new Error(t('validation:poolExceeded')));
              return Promise.resolve();
            },
          },
        ]}
      >
        <InputNumber precision={0} style={{ width: '100%' }} data-testid="allocation-tags" />
      </Form.Item>
      <Form.Item
        name="frequency_min"
        label={t('allocation.frequency')}
        rules={[{ required: true, message: t('validation:required') }]}
      >
        <Select
          options={allocationFrequencies.map((m) => ({ value: m, label: t('level.every', { minutes: m }) }))}
          data-testid="allocation-frequency"
        />
      </Form.Item>
      <Typography.Text type="secondary">{t('allocation.validity')}</Typography.Text>
    </FormModal>
  );
}
