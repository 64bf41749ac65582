/**
 * Before a remote view: the mode (control or view only) and the user-set maximum duration. When
 * another user holds control (1205), the choice the spec's exclusive control gives: watch view-only,
 * or ask the holder to hand control over.
 */
import { Alert, Button, Flex, Form, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { VNC_DEFAULT_MINUTES, VNC_MAX_MINUTES, type VncMode } from '@hmi/contract';
import type { OpenRemoteInput } from '../../api/remote';

interface Values {
  mode: VncMode;
  max_minutes: number;
}

/** What stands in the way before asking: the device offline (1203), its traffic switch off (1204). */
export type RemoteBlocker = 'offline' | 'trafficOff';

export interface OpenFormProps {
  busy: boolean;
  held: boolean;
  blockers?: readonly RemoteBlocker[];
  onOpen(input: OpenRemoteInput): void;
}

export function OpenForm({ busy, held, blockers = [], onOpen }: OpenFormProps) {
  const { t } = useTranslation('remote');
  const [form] = Form.useForm<Values>();
  const minutes = () => form.getFieldValue('max_minutes') as number;
  return (
    <Form<Values>
      form={form}
      name="remoteOpen"
      layout="vertical"
      initialValues={{ mode: 'control', max_minutes: VNC_DEFAULT_MINUTES }}
      onFinish={(v) => onOpen({ mode: v.mode, max_minutes: v.max_minutes })}
      style={{ maxWidth: 520 }}
    >
      {/* Said up front rather than only as the refusal after "open". */}
      {blockers.map((b) => (
        <Alert
          key={b}
          type="warning"
          showIcon
          title={t(`setup.blocked.${b}`)}
          style={{ marginBottom: 16 }}
          data-testid={`remote-blocked-${b}`}
        />
      ))}
      <Form.Item name="mode" label={t('setup.mode')} extra={t('setup.modeHelp')}>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={[
            { value: 'control', label: t('setup.control') },
            { value: 'view', label: t('setup.view') },
          ]}
          data-testid="remote-mode-choice"
        />
      </Form.Item>
      <Form.Item
        name="max_minutes"
        label={t('setup.maxMinutes')}
        extra={t('setup.maxMinutesHelp', { max: VNC_MAX_MINUTES })}
        rules={[
          { required: true, message: t('validation:required') },
          {
            type: 'integer',
            min: 1,
            max: VNC_MAX_MINUTES,
            message: t('setup.maxMinutesRange', { max: VNC_MAX_MINUTES }),
          },
        ]}
      >
        {/* No min/max on the input: it would clamp 0 to 1 on blur, opening a session nobody asked for. */}
        <InputNumber<number>
          precision={0}
          suffix={t('setup.minutes')}
          style={{ width: 200 }}
          data-testid="remote-max-minutes"
        />
      </Form.Item>
      {held && (
        <Alert
          type="warning"
          showIcon
          title={t('setup.heldTitle')}
          description={t('setup.heldContent')}
          style={{ marginBottom: 16 }}
          data-testid="remote-held"
          action={
            <Flex vertical gap={8}>
              <Button
                size="small"
                onClick={() => onOpen({ mode: 'view', max_minutes: minutes() })}
                data-testid="remote-watch"
              >
                {t('setup.watch')}
              </Button>
              <Button
                size="small"
                type="primary"
                onClick={() => onOpen({ mode: 'control', max_minutes: minutes(), take_over: true })}
                data-testid="remote-ask-control"
              >
                {t('setup.askTakeover')}
              </Button>
            </Flex>
          }
        />
      )}
      <Button type="primary" htmlType="submit" loading={busy} data-testid="remote-open">
        {t('setup.open')}
      </Button>
    </Form>
  );
}
