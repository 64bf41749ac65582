import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkGroupName, GROUP_NAME_MAX, type GroupNode } from '@hmi/contract';
import { createGroup, updateGroup } from '../../../api/groups';
import { checkRule } from '../../../shared/formRules';
import { FormModal } from '../../../shared/FormModal';

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

  const title = !target
    ? ''
    : target.mode === 'rename'
      ? t('renameTitle')
      : target.parent
        ? t('createChildTitle', { parent: target.parent.name })
        : t('createTitle');

  const save =
    target &&
    (({ name }: { name: string }) =>
      target.mode === 'create'
        ? createGroup({ name, parent_id: target.parent?.id ?? null }, { handleError: true })
        : updateGroup(target.node.id, { name }, { handleError: true }));

  return (
    <FormModal
      open={target !== null}
      title={title}
      name="groupName"
      requiredMark={false}
      initialValues={{ name: target?.mode === 'rename' ? target.node.name : '' }}
      save={save}
      successText={t(target?.mode === 'create' ? 'created' : 'saved')}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Form.Item name="name" label={t('name')} rules={[checkRule(checkGroupName, t)]}>
        <Input placeholder={t('namePlaceholder')} maxLength={GROUP_NAME_MAX} autoFocus />
      </Form.Item>
    </FormModal>
  );
}
