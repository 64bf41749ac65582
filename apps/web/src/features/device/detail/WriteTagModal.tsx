/**
 * Writes one TAG (access write or read/write, HMI operation id 6): the value is parsed by the data
 * type in the form (parseTypedValue, as every write path and the server parse it), then the command shows pending until the device confirms or it fails.
 * Rendered with the TAG's id as key, so each TAG starts with an empty form.
 */
import { useState } from 'react';
import { Alert, Descriptions, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseTypedValue, TagDataType, type LiveTag } from '@hmi/contract';
import { writeTag } from '../../../api/connectivity';
import { useLiveTags } from '../../../live/hooks';
import { useCommandTracker } from '../../../live/useCommandTracker';
import { useCommandErrorText } from '../../../live/commandErrors';
import { withLiveValue } from './tagRows';

type Outcome = { state: 'pending' } | { state: 'done' } | { state: 'failed'; reason: string };

export function WriteTagModal({
  deviceId,
  tag,
  onClose,
}: {
  deviceId: number;
  tag: LiveTag | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('live');
  const [form] = Form.useForm<{ value: string }>();
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const track = useCommandTracker(deviceId);
  const reason = useCommandErrorText();
  const pushed = useLiveTags(deviceId);
  const current = tag ? withLiveValue(tag, pushed.get(tag.name)) : null;

  const submit = async () => {
    if (!tag) return;
    const { value } = await form.validateFields();
    const parsed = parseTypedValue(tag.data_type, value);
    if (!parsed.ok) return;
    setSending(true);
    try {
      const command = await writeTag(deviceId, tag.id, parsed.text);
      setOutcome({ state: 'pending' });
      const result = await track(command);
      setOutcome(
        result.status === 'done' ? { state: 'done' } : { state: 'failed', reason: reason(result.error) },
      );
    } catch {
      // Refused (1002 zone, 1006 value): translated toast from the client.
    } finally {
      setSending(false);
    }
  };

  const isBool = tag?.data_type === TagDataType.BOOL;
  return (
    <Modal
      open={tag !== null}
      title={tag ? t('write.title', { tag: tag.name }) : null}
      okText={t('write.submit')}
      cancelText={t('write.close')}
      confirmLoading={sending || outcome?.state === 'pending'}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      data-testid="tag-write-modal"
    >
      {tag && current && (
        <>
          <Descriptions
            size="small"
            column={1}
            style={{ marginBottom: 16 }}
            items={[
              { key: 'type', label: t('write.type'), children: t(`enums:tagDataType.${tag.data_type}`) },
              {
                key: 'current',
                label: t('write.current'),
                children: <span data-testid="tag-write-current">{current.value ?? t('tags.noValue')}</span>,
              },
            ]}
          />
          <Form form={form} layout="vertical" requiredMark={false}>
            <Form.Item
              name="value"
              label={t('write.value')}
              rules={[
                {
                  validator: async (_, value: string | undefined) => {
                    const parsed = parseTypedValue(tag.data_type, value ?? '');
                    if (!parsed.ok) throw new Error(t(`validation:${parsed.reason}`));
                  },
                },
              ]}
            >
              {isBool ? (
                <Select
                  options={['0', '1'].map((v) => ({ value: v, label: v }))}
                  data-testid="tag-write-value"
                />
              ) : (
                <Input
                  data-testid="tag-write-value"
                  onPressEnter={() => void submit().catch(() => undefined)}
                />
              )}
            </Form.Item>
          </Form>
          {outcome && (
            <Alert
              data-testid={`tag-write-${outcome.state}`}
              showIcon
              type={outcome.state === 'pending' ? 'info' : outcome.state === 'done' ? 'success' : 'error'}
              title={
                outcome.state === 'pending'
                  ? t('write.pending')
                  : outcome.state === 'done'
                    ? t('write.done')
                    : t('write.failed', { reason: outcome.reason })
              }
            />
          )}
        </>
      )}
    </Modal>
  );
}
