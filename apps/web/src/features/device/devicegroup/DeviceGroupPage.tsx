/** Device groups (ids 13-16): a tree of any depth with add, rename, move, delete and device counts. */
import { useMemo, useState } from 'react';
import { Button, Card, Empty, Space, Spin, Tag, Tooltip, Tree, Typography } from 'antd';
import {
  DeleteOutlined,
  DragOutlined,
  EditOutlined,
  FolderAddOutlined,
  PlusOutlined,
} from '../../../ui/icons';
import { useTranslation } from 'react-i18next';
import { Permission, type GroupNode } from '@hmi/contract';
import { deleteGroup } from '../../../api/groups';
import { useCan } from '../../../shared/access';
import { allGroupKeys } from '../../../shared/groups';
import { toastedByClient } from '../../../shared/useBusy';
import { useConfirmAction } from '../../../shared/useConfirmAction';
import { useGroupTree } from '../common/options';
import { GroupNameModal, type GroupNameTarget } from './GroupNameModal';
import { MoveGroupModal } from './MoveGroupModal';

interface TreeItem {
  key: string;
  node: GroupNode;
  children: TreeItem[];
}

const toItems = (nodes: readonly GroupNode[]): TreeItem[] =>
  nodes.map((node) => ({ key: node.key, node, children: toItems(node.children) }));

export function DeviceGroupPage() {
  const { t } = useTranslation('group');
  const confirm = useConfirmAction();
  const can = useCan();
  const { data, loading, reload } = useGroupTree();
  const tree = useMemo(() => data ?? [], [data]);
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const [nameTarget, setNameTarget] = useState<GroupNameTarget | null>(null);
  const [moving, setMoving] = useState<GroupNode | null>(null);

  const items = useMemo(() => toItems(tree), [tree]);
  const expandedKeys = useMemo(() => allGroupKeys(tree).filter((k) => !collapsed.has(k)), [tree, collapsed]);

  const remove = (node: GroupNode) =>
    confirm({
      title: t('deleteTitle'),
      content: t('deleteContent', { name: node.name }),
      call: () => deleteGroup(node.id),
      doneText: t('deleted'),
      after: reload,
      // 1032 and the rest: translated toast from the client; the dialog closes.
      onError: toastedByClient,
    });

  const actions = (node: GroupNode) => (
    <Space size={0} onClick={(e) => e.stopPropagation()}>
      {can(Permission.GROUP_ADD) && (
        <Tooltip title={t('addChild')}>
          <Button
            type="text"
            size="small"
            icon={<FolderAddOutlined />}
            aria-label={t('addChild')}
            data-testid={`group-add-child-${node.id}`}
            onClick={() => setNameTarget({ mode: 'create', parent: node })}
          />
        </Tooltip>
      )}
      {can(Permission.GROUP_EDIT) && (
        <>
          <Tooltip title={t('rename')}>
            <Button
              type="text"
              size="small"
              icon={<EditOutlined />}
              aria-label={t('rename')}
              data-testid={`group-rename-${node.id}`}
              onClick={() => setNameTarget({ mode: 'rename', node })}
            />
          </Tooltip>
          <Tooltip title={t('move')}>
            <Button
              type="text"
              size="small"
              icon={<DragOutlined />}
              aria-label={t('move')}
              data-testid={`group-move-${node.id}`}
              onClick={() => setMoving(node)}
            />
          </Tooltip>
        </>
      )}
      {can(Permission.GROUP_DELETE) && (
        <Tooltip title={t('delete')}>
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('delete')}
            data-testid={`group-delete-${node.id}`}
            onClick={() => remove(node)}
          />
        </Tooltip>
      )}
    </Space>
  );

  return (
    <Card
      data-testid="page-devicegroup"
      title={t('title')}
      extra={
        can(Permission.GROUP_ADD) && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="group-add-root"
            onClick={() => setNameTarget({ mode: 'create', parent: null })}
          >
            {t('addRoot')}
          </Button>
        )
      }
    >
      <Spin spinning={loading && !data}>
        {items.length ? (
          <Tree<TreeItem>
            data-testid="group-tree"
            blockNode
            selectable={false}
            treeData={items}
            expandedKeys={expandedKeys}
            onExpand={(keys) => {
              const open = new Set(keys.map(String));
              setCollapsed(new Set(allGroupKeys(tree).filter((k) => !open.has(k))));
            }}
            titleRender={({ node }) => (
              <div
                data-testid={`group-node-${node.id}`}
                style={{ display: 'flex', alignItems: 'center', gap: 8, minHeight: 32 }}
              >
                <Typography.Text strong={node.level === 1} data-testid="group-name">
                  {node.name}
                </Typography.Text>
                <Tag variant="filled" data-testid="group-count">
                  {t('deviceCount', { count: node.device_count })}
                </Tag>
                <span style={{ marginInlineStart: 'auto' }}>{actions(node)}</span>
              </div>
            )}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={loading ? ' ' : t('empty')} />
        )}
      </Spin>
      <GroupNameModal target={nameTarget} onClose={() => setNameTarget(null)} onSaved={() => void reload()} />
      <MoveGroupModal
        node={moving}
        tree={tree}
        onClose={() => setMoving(null)}
        onSaved={() => void reload()}
      />
    </Card>
  );
}
