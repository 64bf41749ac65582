/**
 * The team's remote view setting on My account: minutes without input after which a session ends
 * (the relay warns a minute before; 0: never). Shown with 17, changed with 20 (Remote Access).
 */
import { useEffect } from 'react';
import { App, Button, Card, Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { getRemoteSettings, Permission, setRemoteSettings, VNC_MAX_MINUTES } from '@hmi/contract';
import { useCallMutation, useCallQuery } from '../../api/callQuery';
import type { RemoteSettingsInput } from '../../api/remote';
import { useCan } from '../../shared/access';
import { toastedByClient, useBusy } from '../../shared/useBusy';

export function IdleSettingCard() {
  const { t } = useTranslation('remote');
  const { message } = App.useApp();
  const can = useCan();
  const mayEdit = can(Permission.ACCOUNT_REMOTE_TOPUP);
  const settings = useCallQuery(getRemoteSettings, {});
  const saver = useCallMutation(setRemoteSettings, { invalidates: [getRemoteSettings] });
  const [form] = Form.useForm<RemoteSettingsInput>();
  const { busy, run } = useBusy<'save'>();

  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);

  const save = (values: RemoteSettingsInput) =>
    run(
      'save',
      async () => {
        await saver.mutateAsync({ body: values });
        void message.success(t('settings.saved'));
      },
      toastedByClient,
    );

  return (
    <Card title={t('settings.title')} data-testid="remote-settings">
      <Form form={form} layout="vertical" onFinish={(v) => void save(v)} disabled={!mayEdit}>
        <Form.Item
          name="idle_minutes"
          label={t('settings.idle')}
          extra={t('settings.idleHelp')}
          rules={[
            {
              type: 'integer',
              min: 0,
              max: VNC_MAX_MINUTES,
              required: true,
              message: t('settings.range', { max: VNC_MAX_MINUTES }),
            },
          ]}
        >
          <InputNumber<number>
            precision={0}
            suffix={t('settings.minutes')}
            style={{ width: 160 }}
            data-testid="remote-idle-minutes"
          />
        </Form.Item>
        {mayEdit && (
          <Button
            type="primary"
            htmlType="submit"
            loading={busy === 'save'}
            data-testid="remote-settings-save"
          >
            {t('settings.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}
