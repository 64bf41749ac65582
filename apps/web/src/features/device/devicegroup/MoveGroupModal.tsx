import { useMemo, useState } from 'react';
import { App, Form, Modal, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { groupWithDescendants, type GroupNode } from '@hmi/contract';
import { updateGroup } from '../../../api/groups';
import { modalDefaults } from '../../../app/theme';
import { useErrorToast } from '../../../shared/errors';
import { flattenGroups, groupOptions } from '../../../shared/groups';

/** Value of the "top level" choice (ids are positive). */
const TOP_LEVEL = 0;

/** Moves a group under another parent or to the top level; itself and its sub-groups are not offered. */
export function MoveGroupModal({
  node,
  tree,
  onClose,
  onSaved,
}: {
  node: GroupNode | null;
  tree: readonly GroupNode[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('group');
  const { message } = App.useApp();
  const fail = useErrorToast();
  const [saving, setSaving] = useState(false);

  const treeData = useMemo(() => {
    const excluded = node ? groupWithDescendants(node.id, flattenGroups(tree)) : new Set<number>();
    return [
      { value: TOP_LEVEL, key: TOP_LEVEL, title: t('topLevel'), children: [] },
      ...groupOptions(tree, excluded),
    ];
  }, [node, tree, t]);

  const save = async ({ parent }: { parent: number }) => {
    if (!node) return;
    setSaving(true);
    try {
      await updateGroup(node.id, { parent_id: parent === TOP_LEVEL ? null : parent }, { handleError: true });
      void message.success(t('saved'));
      onSaved();
      onClose();
    } catch (error) {
      fail(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      {...modalDefaults}
      open={node !== null}
      title={node ? t('moveTitle', { name: node.name }) : ''}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ htmlType: 'submit' }}
      destroyOnHidden
      modalRender={(dom) => (
        <Form
          name="groupMove"
          layout="vertical"
          requiredMark={false}
          clearOnDestroy
          initialValues={{ parent: node?.parent_id ?? TOP_LEVEL }}
          onFinish={save}
        >
          {dom}
        </Form>
      )}
    >
      <Form.Item
        name="parent"
        label={t('newParent')}
        rules={[{ required: true, message: t('validation:required') }]}
      >
        <TreeSelect treeData={treeData} treeDefaultExpandAll showSearch treeNodeFilterProp="title" />
      </Form.Item>
    </Modal>
  );
}
