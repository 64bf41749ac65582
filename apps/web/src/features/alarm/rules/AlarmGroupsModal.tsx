/** A template's alarm groups: add, rename in place, delete (its rules stay, without a group). */
import { useState } from 'react';
import { App, Button, Flex, Input, List, Modal, Popconfirm, Space, Typography } from 'antd';
import { PlusOutlined } from '../../../ui/icons';
import { useTranslation } from 'react-i18next';
import { ALARM_GROUP_NAME_MAX, type AlarmGroup } from '@hmi/contract';
import { createAlarmGroup, deleteAlarmGroup, renameAlarmGroup } from '../../../api/alarms';
import { useInvalidate } from '../../../api/callQuery';
import { modalDefaults } from '../../../ui/theme';
import { useErrorToast } from '../../../shared/errors';
import { RULES_CHANGED } from './changes';

export function AlarmGroupsModal({
  open,
  templateId,
  groups,
  editable,
  onClose,
  onChanged,
}: {
  open: boolean;
  templateId: number;
  groups: readonly AlarmGroup[];
  editable: boolean;
  onClose: () => void;
  /** A group was added, renamed or deleted (the rule lists and groups have reloaded by then). */
  onChanged: () => void;
}) {
  const { t } = useTranslation('alarm');
  const { message } = App.useApp();
  const fail = useErrorToast();
  const invalidate = useInvalidate();
  const [newName, setNewName] = useState('');
  const [renaming, setRenaming] = useState<{ id: number; name: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      void message.success(t(done));
      // Rules show their group's name and groups their rule counts: both reload.
      await invalidate(RULES_CHANGED);
      onChanged();
      return true;
    } catch (error) {
      fail(error);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const add = async () => {
    const name = newName.trim();
    if (!name) return;
    if (await run(() => createAlarmGroup(templateId, name, { handleError: true }), 'group.created'))
      setNewName('');
  };

  const rename = async () => {
    if (!renaming?.name.trim()) return;
    const { id, name } = renaming;
    if (await run(() => renameAlarmGroup(id, name.trim(), { handleError: true }), 'group.renamed'))
      setRenaming(null);
  };

  return (
    <Modal
      {...modalDefaults}
      open={open}
      title={t('group.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
      destroyOnHidden
    >
      {editable && (
        <Space.Compact style={{ width: '100%', marginBottom: 16 }}>
          <Input
            value={newName}
            maxLength={ALARM_GROUP_NAME_MAX}
            placeholder={t('group.namePlaceholder')}
            onChange={(e) => setNewName(e.target.value)}
            onPressEnter={() => void add()}
            data-testid="alarm-group-name"
          />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            loading={busy}
            disabled={!newName.trim()}
            onClick={() => void add()}
            data-testid="alarm-group-add"
          >
            {t('common.add')}
          </Button>
        </Space.Compact>
      )}
      <List<AlarmGroup>
        bordered
        size="small"
        dataSource={[...groups]}
        locale={{ emptyText: t('group.empty') }}
        data-testid="alarm-group-list"
        renderItem={(group) => (
          <List.Item
            data-testid={`alarm-group-${group.id}`}
            actions={
              editable && renaming?.id !== group.id
                ? [
                    <Typography.Link
                      key="rename"
                      onClick={() => setRenaming({ id: group.id, name: group.name })}
                      data-testid={`alarm-group-rename-${group.id}`}
                    >
                      {t('group.rename')}
                    </Typography.Link>,
                    <Popconfirm
                      key="delete"
                      title={t('group.deleteConfirm', { name: group.name, count: group.rule_count })}
                      okButtonProps={{ danger: true }}
                      onConfirm={() =>
                        run(() => deleteAlarmGroup(group.id, { handleError: true }), 'group.deleted')
                      }
                    >
                      <Typography.Link type="danger" data-testid={`alarm-group-delete-${group.id}`}>
                        {t('common.delete')}
                      </Typography.Link>
                    </Popconfirm>,
                  ]
                : []
            }
          >
            {renaming?.id === group.id ? (
              <Flex gap={8} style={{ width: '100%' }}>
                <Input
                  autoFocus
                  size="small"
                  value={renaming.name}
                  maxLength={ALARM_GROUP_NAME_MAX}
                  onChange={(e) => setRenaming({ id: group.id, name: e.target.value })}
                  onPressEnter={() => void rename()}
                  data-testid="alarm-group-rename-input"
                />
                <Button size="small" type="primary" loading={busy} onClick={() => void rename()}>
                  {t('common.save')}
                </Button>
                <Button size="small" onClick={() => setRenaming(null)}>
                  {t('common.cancel')}
                </Button>
              </Flex>
            ) : (
              <Flex justify="space-between" style={{ width: '100%' }}>
                <Typography.Text>{group.name}</Typography.Text>
                <Typography.Text type="secondary">
                  {t('group.ruleCount', { count: group.rule_count })}
                </Typography.Text>
              </Flex>
            )}
          </List.Item>
        )}
      />
    </Modal>
  );
}
