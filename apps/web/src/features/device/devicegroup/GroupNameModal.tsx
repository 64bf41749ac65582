import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkGroupName, GROUP_NAME_MAX, type GroupNode } from '@hmi/contract';
import { createGroup, updateGroup } from '../../../api/groups';
import { modalDefaults } from '../../../app/theme';
import { checkRule } from '../../auth/rules';
import { useDialogSave } from '../../../shared/useDialogSave';

export type GroupNameTarget =
  { mode: 'create'; parent: GroupNode | null } | { mode: 'rename'; node: GroupNode };

/** Adds a group (top level or under a parent) or renames one; names are unique in the team (1083). */
export function GroupNameModal({
  target,
  onClose,
  onSaved,
}: {
  target: GroupNameTarget | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('group');
  const { saving, save: saveWith } = useDialogSave();

  const title = !target
    ? ''
    : target.mode === 'rename'
      ? t('renameTitle')
      : target.parent
        ? t('createChildTitle', { parent: target.parent.name })
        : t('createTitle');

  const save = async ({ name }: { name: string }) => {
    if (!target) return;
    await saveWith(
      () =>
        target.mode === 'create'
          ? createGroup({ name, parent_id: target.parent?.id ?? null }, { handleError: true })
          : updateGroup(target.node.id, { name }, { handleError: true }),
      t(target.mode === 'create' ? 'created' : 'saved'),
      () => {
        onSaved();
        onClose();
      },
    );
  };

  return (
    <Modal
      {...modalDefaults}
      open={target !== null}
      title={title}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ htmlType: 'submit' }}
      destroyOnHidden
      modalRender={(dom) => (
        <Form
          name="groupName"
          layout="vertical"
          requiredMark={false}
          clearOnDestroy
          initialValues={{ name: target?.mode === 'rename' ? target.node.name : '' }}
          onFinish={save}
        >
          {dom}
        </Form>
      )}
    >
      <Form.Item name="name" label={t('name')} rules={[checkRule(checkGroupName, t)]}>
        <Input placeholder={t('namePlaceholder')} maxLength={GROUP_NAME_MAX} autoFocus />
      </Form.Item>
    </Modal>
  );
}
