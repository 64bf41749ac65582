/** Device groups (ids 13-16): a tree of any depth with add, rename, move, delete and device counts. */
import { useMemo, useState, type ReactNode } from 'react';
import { Button, Card, Empty, Space, Spin, Tag, Tooltip, Tree, Typography } from 'antd';
import { DeleteOutlined, DragOutlined, EditOutlined, FolderAddOutlined, PlusOutlined } from '../../ui/icons';
import { useTranslation } from 'react-i18next';
import { Permission, type GroupNode } from '@hmi/contract';
import { useInvalidate } from '../../api/callQuery';
import { deleteGroup } from '../../api/groups';
import { useCan } from '../../shared/access';
import { allGroupKeys } from '../../shared/groups';
import { toastedByClient } from '../../shared/useBusy';
import { useConfirmAction } from '../../shared/useConfirmAction';
import { useGroupTree } from '../../features/device/common/options';
import { DEVICES_CHANGED } from '../../features/device/common/changes';
import { GroupNameModal, type GroupNameTarget } from '../../features/device/devicegroup/GroupNameModal';
import { MoveGroupModal } from '../../features/device/devicegroup/MoveGroupModal';

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
  const { data, isLoading: loading } = useGroupTree();
  const invalidate = useInvalidate();
  // A group's name and place show in its devices' paths too.
  const reloadTree = () => invalidate(DEVICES_CHANGED);
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
      after: reloadTree,
      // 1032 and the rest: translated toast from the client; the dialog closes.
      onError: toastedByClient,
    });

  const actions = (node: GroupNode) => (
    <Space size={0} onClick={(e) => e.stopPropagation()}>
      {can(Permission.GROUP_ADD) && (
        <IconAction
          title={t('addChild')}
          icon={<FolderAddOutlined />}
          testId={`group-add-child-${node.id}`}
          onClick={() => setNameTarget({ mode: 'create', parent: node })}
        />
      )}
      {can(Permission.GROUP_EDIT) && (
        <>
          <IconAction
            title={t('rename')}
            icon={<EditOutlined />}
            testId={`group-rename-${node.id}`}
            onClick={() => setNameTarget({ mode: 'rename', node })}
          />
          <IconAction
            title={t('move')}
            icon={<DragOutlined />}
            testId={`group-move-${node.id}`}
            onClick={() => setMoving(node)}
          />
        </>
      )}
      {can(Permission.GROUP_DELETE) && (
        <IconAction
          title={t('delete')}
          icon={<DeleteOutlined />}
          testId={`group-delete-${node.id}`}
          danger
          onClick={() => remove(node)}
        />
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
      <GroupNameModal
        target={nameTarget}
        onClose={() => setNameTarget(null)}
        onSaved={() => void reloadTree()}
      />
      <MoveGroupModal
        node={moving}
        tree={tree}
        onClose={() => setMoving(null)}
        onSaved={() => void reloadTree()}
      />
    </Card>
  );
}

interface IconActionProps {
  /** Shown as the tooltip and read as the button's name. */
  title: string;
  icon: ReactNode;
  testId: string;
  danger?: boolean;
  onClick: () => void;
}

/** A tree node's small icon button. */
function IconAction({ title, icon, testId, danger, onClick }: IconActionProps) {
  return (
    <Tooltip title={title}>
      <Button
        type="text"
        size="small"
        danger={danger}
        icon={icon}
        aria-label={title}
        data-testid={testId}
        onClick={onClick}
      />
    </Tooltip>
  );
}
