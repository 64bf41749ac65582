/**
 * The user's alarm notification (personal centre): the channels that reach them (mail, SMS) and the
 * lowest level that does, and an escalation mail when an alarm stays unacknowledged for a number of
 * minutes.
 */
import { useState } from 'react';
import { App, Button, Card, Form, InputNumber, Select, Skeleton, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  alarmLevels,
  alarmSubscription,
  DEFAULT_LOCALE,
  getAlarmSubscription,
  type AlarmSubscription,
} from '@hmi/contract';
import { useInvalidate, useCallQuery } from '../../../api/callQuery';
import { putAlarmSubscription } from '../../../api/alarms';
import { isLocale } from '../../../i18n/locale';
import { useErrorToast } from '../../../shared/errors';

const ESCALATE_MAX_MINUTES = alarmSubscription.shape.escalate_after_minutes.maxValue ?? 10_080;
const DEFAULT_ESCALATE_MINUTES = 30;

/** The browser's IANA time zone (e.g. Asia/Shanghai), in which alarm mails give their times. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function AlarmSubscriptionCard() {
  const { t } = useTranslation('alarm');
  const { data } = useCallQuery(getAlarmSubscription, {});
  const invalidate = useInvalidate();
  return (
    <Card title={t('subscription.title')} data-testid="alarm-subscription">
      <Typography.Paragraph type="secondary">{t('subscription.tip')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary" data-testid="alarm-subscription-zone">
        {t('subscription.zone', { zone: browserTimeZone() })}
      </Typography.Paragraph>
      {data ? (
        <SubscriptionForm initial={data} onSaved={() => invalidate([getAlarmSubscription])} />
      ) : (
        <Skeleton active paragraph={{ rows: 3 }} />
      )}
    </Card>
  );
}

function SubscriptionForm({
  initial,
  onSaved,
}: {
  initial: AlarmSubscription;
  onSaved: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation('alarm');
  const { message } = App.useApp();
  const fail = useErrorToast();
  const [form] = Form.useForm<AlarmSubscription>();
  const [saving, setSaving] = useState(false);
  const escalation = Form.useWatch('escalation', form) ?? initial.escalation;

  const save = async (values: AlarmSubscription) => {
    setSaving(true);
    try {
      await putAlarmSubscription(
        {
          ...values,
          escalate_after_minutes: values.escalation ? values.escalate_after_minutes : 0,
          // Mails are written in the console's language and give times in the browser's zone.
          locale: isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE,
          time_zone: browserTimeZone(),
        },
        { handleError: true },
      );
      void message.success(t('subscription.saved'));
      await onSaved();
    } catch (error) {
      fail(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<AlarmSubscription>
      form={form}
      name="alarmSubscription"
      layout="vertical"
      style={{ maxWidth: 440 }}
      initialValues={{
        ...initial,
        escalate_after_minutes: initial.escalate_after_minutes || DEFAULT_ESCALATE_MINUTES,
      }}
      onFinish={save}
    >
      <Form.Item name="mail" label={t('subscription.mail')} valuePropName="checked">
        <Switch data-testid="alarm-subscription-mail" />
      </Form.Item>
      <Form.Item
        name="sms"
        label={t('subscription.sms')}
        extra={t('subscription.smsTip')}
        valuePropName="checked"
      >
        <Switch data-testid="alarm-subscription-sms" />
      </Form.Item>
      <Form.Item name="min_level" label={t('subscription.minLevel')} extra={t('subscription.minLevelTip')}>
        <Select<number>
          options={alarmLevels.map((l) => ({ value: l, label: t(`enums.alarmLevel.${l}`) }))}
          data-testid="alarm-subscription-level"
        />
      </Form.Item>
      <Form.Item name="escalation" label={t('subscription.escalation')} valuePropName="checked">
        <Switch data-testid="alarm-subscription-escalation" />
      </Form.Item>
      <Form.Item
        name="escalate_after_minutes"
        label={t('subscription.escalateAfter')}
        rules={[
          {
            type: 'integer',
            min: 1,
            max: ESCALATE_MAX_MINUTES,
            message: t('subscription.escalateRange', { max: ESCALATE_MAX_MINUTES }),
          },
        ]}
      >
        <InputNumber<number>
          precision={0}
          disabled={!escalation}
          suffix={t('subscription.minutes')}
          style={{ width: 200 }}
          data-testid="alarm-subscription-minutes"
        />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="alarm-subscription-save">
          {t('common.save')}
        </Button>
      </Form.Item>
    </Form>
  );
}
