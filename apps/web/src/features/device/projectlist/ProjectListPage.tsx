/** Projects (ids 39-43): list, add, edit, delete; `?projectid=` opens one. */
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { App, Button, Card, Flex, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Permission, type Project } from '@hmi/contract';
import { deleteProject, getProject, listProjects, type ProjectQuery } from '../../../api/projects';
import { useDialogs } from '../../../app/dialogs';
import { useCan } from '../../../shared/access';
import { formatTime } from '../../../shared/format';
import { useLoad } from '../../../shared/useLoad';
import { KeywordSearch } from '../../../shared/KeywordSearch';
import { usePagination } from '../../../shared/usePagination';
import { ProjectFormModal, type ProjectDialog } from './ProjectFormModal';
import { RowActions } from '../../../shared/RowActions';

const PAGE_SIZE = 20;
const SHOWN_DEVICES = 5;

export function ProjectListPage() {
  const { t } = useTranslation('project');
  const { message } = App.useApp();
  const dialogs = useDialogs();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState<ProjectQuery>({ page: 1, pageSize: PAGE_SIZE });
  const [dialog, setDialog] = useState<ProjectDialog | null>(null);

  const fetch = useCallback(() => listProjects(query), [query]);
  const projects = useLoad(fetch);
  const pagination = usePagination(query, setQuery, projects.data?.total);

  const show = (project: Project) =>
    setDialog({ mode: can(Permission.PROJECT_EDIT) ? 'edit' : 'view', project });

  // `?projectid=` (deep link from /login) opens that project once loaded.
  const linked = params.get('projectid');
  useEffect(() => {
    const id = Number(linked);
    if (!linked || !Number.isInteger(id) || id <= 0) return undefined;
    let alive = true;
    getProject(id).then(
      (project) => {
        if (!alive) return;
        setDialog({ mode: can(Permission.PROJECT_EDIT) ? 'edit' : 'view', project });
        setParams(
          (p) => {
            const next = new URLSearchParams(p);
            next.delete('projectid');
            return next;
          },
          { replace: true },
        );
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [linked, can, setParams]);

  const remove = (project: Project) =>
    dialogs.confirm({
      title: t('deleteTitle'),
      content: t('deleteContent', { name: project.name }),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await deleteProject(project.id);
          void message.success(t('deleted'));
          await projects.reload();
        } catch {
          // Translated toast from the client.
        }
      },
    });

  const columns: ColumnsType<Project> = [
    {
      title: t('field.name'),
      dataIndex: 'name',
      render: (_, p) => (
        <Typography.Link onClick={() => show(p)} data-testid={`project-open-${p.id}`}>
          {p.name}
        </Typography.Link>
      ),
    },
    { title: t('field.deviceCount'), dataIndex: 'device_count' },
    {
      title: t('field.devices'),
      key: 'devices',
      render: (_, p) =>
        p.devices.length ? (
          <Flex wrap gap={4}>
            {p.devices.slice(0, SHOWN_DEVICES).map((d) => (
              <Tag key={d.id} variant="filled" style={{ marginInlineEnd: 0 }}>
                {d.name}
              </Tag>
            ))}
            {p.devices.length > SHOWN_DEVICES && (
              <Tag variant="filled">{t('moreDevices', { count: p.devices.length - SHOWN_DEVICES })}</Tag>
            )}
          </Flex>
        ) : (
          '-'
        ),
    },
    { title: t('field.createdAt'), dataIndex: 'created_at', render: (v: number) => formatTime(v) },
    { title: t('field.updatedAt'), dataIndex: 'updated_at', render: (v: number) => formatTime(v) },
  ];
  if (can(Permission.PROJECT_EDIT) || can(Permission.PROJECT_DELETE))
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, p) => (
        <RowActions
          testId="project"
          id={p.id}
          onEdit={can(Permission.PROJECT_EDIT) && (() => show(p))}
          onDelete={can(Permission.PROJECT_DELETE) && (() => remove(p))}
        />
      ),
    });

  return (
    <Card
      data-testid="page-projectlist"
      title={t('title')}
      extra={
        can(Permission.PROJECT_ADD) && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ mode: 'add' })}
            data-testid="project-add"
          >
            {t('form.addTitle')}
          </Button>
        )
      }
    >
      <Flex gap={12} style={{ marginBottom: 16 }}>
        <KeywordSearch
          placeholder={t('keywordPlaceholder')}
          width={280}
          onSearch={(keyword) => setQuery((q) => ({ ...q, page: 1, keyword }))}
        />
      </Flex>
      <Table<Project>
        rowKey="id"
        data-testid="project-table"
        columns={columns}
        dataSource={projects.data?.list ?? []}
        loading={projects.loading}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('common.noData') }}
        pagination={pagination}
      />
      <ProjectFormModal
        dialog={dialog}
        onClose={() => setDialog(null)}
        onSaved={() => void projects.reload()}
      />
    </Card>
  );
}
