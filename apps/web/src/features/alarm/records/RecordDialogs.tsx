/**
 * The two dialogs of the alarm records: acknowledge with an optional note (one or the selected
 * records), and shelve for a chosen time with a required reason.
 */
import { useEffect } from 'react';
import { Form, Input, Modal, Select, Typography, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shelf durations offered, in minutes (the server takes 1 to 10,080). */
const DURATIONS = [15, 60, 240, 480, 1440, 10080] as const;

/** A form that does not validate shows its errors in place; nothing more to do. */
const invalid = () => undefined;

interface DialogProps<V> {
  /** Records the dialog acts on; empty: closed. */
  ids: number[];
  busy: boolean;
  onCancel(): void;
  onSubmit(ids: number[], values: V): void;
}

export function AckDialog({ ids, busy, onCancel, onSubmit }: DialogProps<{ note: string }>) {
  const { t } = useTranslation('alarm');
  const [form] = Form.useForm<{ note: string }>();
  useEffect(() => {
    if (ids.length) form.resetFields();
  }, [ids, form]);
  return (
    <Modal
      open={ids.length > 0}
      title={t('records.ackTitle', { count: ids.length })}
      okText={t('records.acknowledge')}
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={() =>
        void form.validateFields().then((v) => onSubmit(ids, { note: v.note?.trim() ?? '' }), invalid)
      }
      okButtonProps={{ 'data-testid': 'alarm-ack-ok' } as ButtonProps}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="note" label={t('records.note')}>
          <Input.TextArea
            rows={3}
            maxLength={500}
            showCount
            placeholder={t('records.notePlaceholder')}
            data-testid="alarm-ack-note"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function ShelveDialog({
  ids,
  busy,
  onCancel,
  onSubmit,
}: DialogProps<{ minutes: number; reason: string }>) {
  const { t } = useTranslation('alarm');
  const [form] = Form.useForm<{ minutes: number; reason: string }>();
  useEffect(() => {
    if (ids.length) form.resetFields();
  }, [ids, form]);
  return (
    <Modal
      open={ids.length > 0}
      title={t('records.shelveTitle', { count: ids.length })}
      okText={t('records.shelve')}
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={() =>
        void form
          .validateFields()
          .then((v) => onSubmit(ids, { minutes: v.minutes, reason: v.reason.trim() }), invalid)
      }
      okButtonProps={{ 'data-testid': 'alarm-shelve-ok' } as ButtonProps}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('records.shelveHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ minutes: 60 }}>
        <Form.Item name="minutes" label={t('records.shelveFor')}>
          <Select
            options={DURATIONS.map((m) => ({ value: m, label: t(`records.duration.${m}`) }))}
            data-testid="alarm-shelve-minutes"
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('records.shelveReason')}
          rules={[{ required: true, whitespace: true, message: t('records.shelveReasonRequired') }]}
        >
          <Input
            maxLength={200}
            placeholder={t('records.shelveReasonPlaceholder')}
            data-testid="alarm-shelve-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
