/**
 * Taking a rule or a device's alarms out of service (issue 26): an end time in the future, at most
 * a year ahead (ALARM_OOS_MAX_S, as the server checks), and a required reason. The dialog says what
 * follows (no alarms until then, the active ones recover, audited) before its button is pressed.
 */
import { useEffect } from 'react';
import { DatePicker, Form, Input, Modal, Typography, type ButtonProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ALARM_OOS_MAX_S } from '@hmi/contract';

/** What is taken out of service: its kind words the dialog, its name is shown. */
export interface OosTarget {
  kind: 'rule' | 'device';
  id: number;
  name: string;
}

interface Values {
  until: Dayjs;
  reason: string;
}

/** Quick end times offered in the picker, in days from now. */
const PRESET_DAYS = [1, 7, 30, 90] as const;

/** A form that does not validate shows its errors in place; nothing more to do. */
const invalid = () => undefined;

/** Latest end time the server takes, a minute short so a slow submit stays within it. */
const latest = () => dayjs().add(ALARM_OOS_MAX_S - 60, 'second');

export function OutOfServiceDialog({
  target,
  busy,
  onCancel,
  onSubmit,
}: {
  /** Null: closed. */
  target: OosTarget | null;
  busy: boolean;
  onCancel(): void;
  onSubmit(target: OosTarget, until: number, reason: string): void;
}) {
  const { t } = useTranslation('alarm');
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (target) form.setFieldsValue({ until: dayjs().add(1, 'day').startOf('minute'), reason: '' });
  }, [target, form]);
  return (
    <Modal
      open={target !== null}
      title={target && t(`outOfService.setTitle.${target.kind}`, { name: target.name })}
      okText={t('outOfService.confirm')}
      okButtonProps={{ danger: true, 'data-testid': 'oos-ok' } as ButtonProps}
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={() =>
        void form.validateFields().then((v) => {
          if (target) onSubmit(target, v.until.unix(), v.reason.trim());
        }, invalid)
      }
      destroyOnHidden
    >
      {target && (
        <Typography.Paragraph type="secondary" data-testid="oos-hint">
          {t(`outOfService.hint.${target.kind}`)}
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical">
        <Form.Item
          name="until"
          label={t('outOfService.endTime')}
          rules={[
            {
              validator: (_, v: Dayjs | null) =>
                v && v.isAfter(dayjs()) && !v.isAfter(latest())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('outOfService.endTimeRange'))),
            },
          ]}
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            allowClear={false}
            style={{ width: '100%' }}
            disabledDate={(d) => d.isBefore(dayjs().startOf('day')) || d.isAfter(latest())}
            presets={PRESET_DAYS.map((days) => ({
              label: t(`outOfService.preset.${days}`),
              value: () => dayjs().add(days, 'day').startOf('minute'),
            }))}
            data-testid="oos-until"
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('outOfService.reason')}
          rules={[{ required: true, whitespace: true, message: t('outOfService.reasonRequired') }]}
        >
          <Input.TextArea
            rows={2}
            maxLength={200}
            showCount
            placeholder={t('outOfService.reasonPlaceholder')}
            data-testid="oos-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
