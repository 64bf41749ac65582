/** Team labels (spec §5): create, rename and delete; 1-50 characters, unique, at most 50. */
import { useState } from 'react';
import { App, Button, Drawer, Empty, Form, Input, List, Space, Typography } from 'antd';
import { CheckOutlined, CloseOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '../../../ui/icons';
import { useTranslation } from 'react-i18next';
import { checkLabelName, limits, Permission, type Label } from '@hmi/contract';
import { createLabel, deleteLabel, renameLabel } from '../../../api/labels';
import { checkRule } from '../../../shared/formRules';
import { useCan } from '../../../shared/access';
import { useErrorToast } from '../../../shared/errors';
import { toastedByClient } from '../../../shared/useBusy';
import { useConfirmAction } from '../../../shared/useConfirmAction';

export function LabelsDrawer({
  open,
  labels,
  onClose,
  onChanged,
}: {
  open: boolean;
  labels: readonly Label[];
  onClose: () => void;
  onChanged: () => Promise<void>;
}) {
  const { t } = useTranslation('device');
  const { message } = App.useApp();
  const confirm = useConfirmAction();
  const fail = useErrorToast();
  const can = useCan();
  const editable = can(Permission.DEVICE_EDIT);
  const [form] = Form.useForm<{ name: string }>();
  const [renameForm] = Form.useForm<{ name: string }>();
  const [renaming, setRenaming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const full = labels.length >= limits.labelsPerTeam;

  const add = async ({ name }: { name: string }) => {
    setBusy(true);
    try {
      await createLabel(name.trim(), { handleError: true });
      form.resetFields();
      void message.success(t('labels.created'));
      await onChanged();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const rename = async (label: Label, { name }: { name: string }) => {
    setBusy(true);
    try {
      await renameLabel(label.id, name.trim(), { handleError: true });
      setRenaming(null);
      void message.success(t('labels.saved'));
      await onChanged();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const remove = (label: Label) =>
    confirm({
      title: t('labels.deleteTitle'),
      content: t('labels.deleteContent', { name: label.name, count: label.device_count }),
      call: () => deleteLabel(label.id),
      doneText: t('labels.deleted'),
      after: onChanged,
      onError: toastedByClient,
    });

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('labels.title')}
      size={420}
      data-testid="labels-drawer"
      destroyOnHidden
    >
      {editable && (
        <Form form={form} name="label" layout="vertical" onFinish={add} requiredMark={false}>
          <Form.Item
            label={t('labels.newLabel')}
            required
            extra={
              full
                ? t('labels.limitReached', { max: limits.labelsPerTeam })
                : t('labels.count', { count: labels.length, max: limits.labelsPerTeam })
            }
          >
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="name" noStyle rules={[checkRule(checkLabelName, t)]}>
                <Input
                  placeholder={t('labels.namePlaceholder')}
                  maxLength={limits.labelNameMax}
                  disabled={full}
                />
              </Form.Item>
              <Button
                type="primary"
                htmlType="submit"
                icon={<PlusOutlined />}
                loading={busy}
                disabled={full}
                data-testid="label-add"
              >
                {t('labels.add')}
              </Button>
            </Space.Compact>
          </Form.Item>
        </Form>
      )}
      <List
        dataSource={[...labels]}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} />,
        }}
        renderItem={(label) =>
          renaming === label.id ? (
            <List.Item>
              <Form
                form={renameForm}
                name="labelRename"
                layout="inline"
                style={{ width: '100%' }}
                initialValues={{ name: label.name }}
                onFinish={(values) => void rename(label, values)}
              >
                <Form.Item name="name" rules={[checkRule(checkLabelName, t)]} style={{ flex: 1 }}>
                  <Input maxLength={limits.labelNameMax} autoFocus />
                </Form.Item>
                <Button
                  type="text"
                  htmlType="submit"
                  icon={<CheckOutlined />}
                  aria-label={t('common.save')}
                  loading={busy}
                />
                <Button
                  type="text"
                  icon={<CloseOutlined />}
                  aria-label={t('common.cancel')}
                  onClick={() => setRenaming(null)}
                />
              </Form>
            </List.Item>
          ) : (
            <List.Item
              data-testid={`label-row-${label.id}`}
              actions={
                editable
                  ? [
                      <Button
                        key="rename"
                        type="text"
                        size="small"
                        icon={<EditOutlined />}
                        aria-label={t('labels.rename')}
                        onClick={() => {
                          renameForm.setFieldsValue({ name: label.name });
                          setRenaming(label.id);
                        }}
                      />,
                      <Button
                        key="delete"
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('labels.delete')}
                        onClick={() => remove(label)}
                      />,
                    ]
                  : []
              }
            >
              <Typography.Text>{label.name}</Typography.Text>
              <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
                {t('labels.devices', { count: label.device_count })}
              </Typography.Text>
            </List.Item>
          )
        }
      />
    </Drawer>
  );
}
