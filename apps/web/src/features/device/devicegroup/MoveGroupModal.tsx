import { useMemo } from 'react';
import { Form, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { groupWithDescendants, type GroupNode } from '@hmi/contract';
import { updateGroup } from '../../../api/groups';
import { FormModal } from '../../../shared/FormModal';
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

  const treeData = useMemo(() => {
    const excluded = node ? groupWithDescendants(node.id, flattenGroups(tree)) : new Set<number>();
    return [
      { value: TOP_LEVEL, key: TOP_LEVEL, title: t('topLevel'), children: [] },
      ...groupOptions(tree, excluded),
    ];
  }, [node, tree, t]);

  const save =
    node &&
    (({ parent }: { parent: number }) =>
      updateGroup(node.id, { parent_id: parent === TOP_LEVEL ? null : parent }, { handleError: true }));

  return (
    <FormModal
      open={node !== null}
      title={node ? t('moveTitle', { name: node.name }) : ''}
      name="groupMove"
      requiredMark={false}
      initialValues={{ parent: node?.parent_id ?? TOP_LEVEL }}
      save={save}
      successText={t('saved')}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Form.Item
        name="parent"
        label={t('newParent')}
        rules={[{ required: true, message: t('validation:required') }]}
      >
        <TreeSelect treeData={treeData} treeDefaultExpandAll showSearch treeNodeFilterProp="title" />
      </Form.Item>
    </FormModal>
  );
}
