/**
 * Data permissions of a sub-account (id 38): device groups (a group includes its sub-groups),
 * templates and projects. Each kind is editable only with its assign id (37, 36, 41); only those
 * kinds are sent.
 */
import { useEffect, useState } from 'react';
import { App, Checkbox, Empty, Modal, Spin, Tabs, Tree, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { listGroups, listProjects, listTemplates, Permission, type TeamMember } from '@hmi/contract';
import { useCallQuery } from '../../../api/callQuery';
import { getDataPermissions, putDataPermissions } from '../../../api/team';
import { modalDefaults } from '../../../ui/theme';
import { useCan } from '../../../shared/access';
import { useErrorToast } from '../../../shared/errors';
import { groupOptions } from '../../../shared/groups';

/** The first 200 templates or projects: what a member may be given. */
const ALL = { page: 1, pageSize: 200 };

interface Grants {
  group_ids: number[];
  template_ids: number[];
  project_ids: number[];
}

export function DataPermissionModal({ member, onClose }: { member: TeamMember | null; onClose: () => void }) {
  const { t } = useTranslation('team');
  const { message } = App.useApp();
  const fail = useErrorToast();
  const can = useCan();
  const open = member !== null;
  const mayGroups = can(Permission.GROUP_DATA_PERMISSION) && can(Permission.GROUP_VIEW);
  const mayTemplates = can(Permission.TEMPLATE_DATA_PERMISSION) && can(Permission.TEMPLATE_VIEW);
  const mayProjects = can(Permission.PROJECT_DATA_PERMISSION) && can(Permission.PROJECT_VIEW);
  const [grants, setGrants] = useState<Grants | null>(null);
  const [saving, setSaving] = useState(false);

  const groups = useCallQuery(listGroups, {}, { enabled: open && mayGroups });
  const templates = useCallQuery(listTemplates, { query: ALL }, { enabled: open && mayTemplates });
  const projects = useCallQuery(listProjects, { query: ALL }, { enabled: open && mayProjects });

  useEffect(() => {
    if (!member) return undefined;
    let alive = true;
    getDataPermissions(member.id).then(
      (data) => alive && setGrants(data),
      () => alive && onClose(),
    );
    return () => {
      alive = false;
      setGrants(null);
    };
  }, [member, onClose]);

  const save = async () => {
    if (!member || !grants) return;
    setSaving(true);
    try {
      await putDataPermissions(
        member.id,
        {
          ...(mayGroups ? { group_ids: grants.group_ids } : {}),
          ...(mayTemplates ? { template_ids: grants.template_ids } : {}),
          ...(mayProjects ? { project_ids: grants.project_ids } : {}),
        },
        { handleError: true },
      );
      void message.success(t('dataPermission.saved'));
      onClose();
    } catch (error) {
      fail(error);
    } finally {
      setSaving(false);
    }
  };

  const toggleGroup = (id: number) =>
    setGrants((g) =>
      g
        ? {
            ...g,
            group_ids: g.group_ids.includes(id) ? g.group_ids.filter((k) => k !== id) : [...g.group_ids, id],
          }
        : g,
    );

  const notAllowed = (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dataPermission.notAllowed')} />
  );
  const checkList = (
    items: { id: number; name: string }[] | undefined,
    key: 'template_ids' | 'project_ids',
    testId: string,
  ) =>
    items?.length ? (
      <Checkbox.Group
        style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
        value={grants?.[key] ?? []}
        options={items.map((i) => ({ value: i.id, label: i.name }))}
        onChange={(ids) => setGrants((g) => (g ? { ...g, [key]: ids } : g))}
        data-testid={testId}
      />
    ) : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} />
    );

  return (
    <Modal
      {...modalDefaults}
      width={640}
      open={open}
      title={t('dataPermission.title', { name: member?.name ?? '' })}
      onCancel={onClose}
      onOk={() => void save()}
      okButtonProps={{ disabled: !grants }}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('dataPermission.tip')}</Typography.Paragraph>
      <Spin spinning={!grants}>
        <Tabs
          items={[
            {
              key: 'groups',
              label: t('dataPermission.groups'),
              children: mayGroups ? (
                groups.data?.length ? (
                  <Tree
                    checkable
                    checkStrictly
                    defaultExpandAll
                    treeData={groupOptions(groups.data)}
                    checkedKeys={grants?.group_ids ?? []}
                    onCheck={(checked) => {
                      const keys = Array.isArray(checked) ? checked : checked.checked;
                      setGrants((g) => (g ? { ...g, group_ids: keys.map(Number) } : g));
                    }}
                    // A click on a group's name grants or takes it back like its checkbox; a
                    // selection of its own would look like a grant and save nothing.
                    selectedKeys={[]}
                    onSelect={(_, { node }) => toggleGroup(Number(node.key))}
                    data-testid="data-permission-groups"
                  />
                ) : (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} />
                )
              ) : (
                notAllowed
              ),
            },
            {
              key: 'templates',
              label: t('dataPermission.templates'),
              children: mayTemplates
                ? checkList(templates.data?.list, 'template_ids', 'data-permission-templates')
                : notAllowed,
            },
            {
              key: 'projects',
              label: t('dataPermission.projects'),
              children: mayProjects
                ? checkList(projects.data?.list, 'project_ids', 'data-permission-projects')
                : notAllowed,
            },
          ]}
        />
      </Spin>
    </Modal>
  );
}
