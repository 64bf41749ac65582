/** Projects (ids 39-43): list, add, edit, delete; `?projectid=` opens one. */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { listProjects, Permission, type Project } from '@hmi/contract';
import { useInvalidate } from '../../api/callQuery';
import { deleteProject, getProject } from '../../api/projects';
import { useCan } from '../../shared/access';
import { formatTime } from '../../shared/format';
import { KeywordSearch } from '../../shared/KeywordSearch';
import { ListPage } from '../../shared/ListPage';
import { rowActionsColumn } from '../../shared/RowActions';
import { toastedByClient } from '../../shared/useBusy';
import { useConfirmAction } from '../../shared/useConfirmAction';
import { usePagedCall } from '../../shared/usePagedCall';
import { ExpiredTag } from '../../components/ExpiredMark';
import type { ScreenOwner } from '../../features/device/screens/owner';
import { ScreensDrawer } from '../../features/device/screens/ScreensDrawer';
import { ProjectFormModal, type ProjectDialog } from '../../features/device/projectlist/ProjectFormModal';

const PAGE_SIZE = 20;
const SHOWN_DEVICES = 5;

export function ProjectListPage() {
  const { t } = useTranslation('project');
  const confirm = useConfirmAction();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const [dialog, setDialog] = useState<ProjectDialog | null>(null);
  const [screensOf, setScreensOf] = useState<ScreenOwner | null>(null);
  const projects = usePagedCall(listProjects, { page: 1, pageSize: PAGE_SIZE });
  const invalidate = useInvalidate();
  const projectsChanged = () => invalidate([{ pathPrefix: '/projects' }]);

  // An expired project is read-only (the server refuses changes with 1033): it opens for viewing.
  const show = (project: Project) =>
    setDialog({ mode: can(Permission.PROJECT_EDIT) && !project.expired ? 'edit' : 'view', project });

  // `?projectid=` (deep link from /login) opens that project once loaded.
  const linked = params.get('projectid');
  useEffect(() => {
    const id = Number(linked);
    if (!linked || !Number.isInteger(id) || id <= 0) return undefined;
    let alive = true;
    getProject(id).then(
      (project) => {
        if (!alive) return;
        setDialog({ mode: can(Permission.PROJECT_EDIT) && !project.expired ? 'edit' : 'view', project });
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
    confirm({
      title: t('deleteTitle'),
      content: t('deleteContent', { name: project.name }),
      call: () => deleteProject(project.id),
      doneText: t('deleted'),
      after: projectsChanged,
      onError: toastedByClient,
    });

  const columns: ColumnsType<Project> = [
    {
      title: t('field.name'),
      dataIndex: 'name',
      render: (_, p) => (
        <>
          <Typography.Link onClick={() => show(p)} data-testid={`project-open-${p.id}`}>
            {p.name}
          </Typography.Link>
          {p.expired && <ExpiredTag kind="project" testId={`project-expired-${p.id}`} />}
        </>
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
    {
      title: t('screens:open'),
      key: 'screens',
      render: (_, p) => (
        <Typography.Link
          onClick={() =>
            setScreensOf({ kind: 'project', id: p.id, name: p.name, expired: p.expired === true })
          }
          data-testid={`project-screens-${p.id}`}
        >
          {t('screens:open')}
        </Typography.Link>
      ),
    },
    ...rowActionsColumn<Project>({
      title: t('common.actions'),
      testId: 'project',
      onEdit: can(Permission.PROJECT_EDIT) && show,
      onDelete: can(Permission.PROJECT_DELETE) && remove,
    }),
  ];

  return (
    <ListPage
      testId="page-projectlist"
      title={t('title')}
      add={
        can(Permission.PROJECT_ADD) && {
          testId: 'project-add',
          label: t('form.addTitle'),
          onClick: () => setDialog({ mode: 'add' }),
        }
      }
      toolbar={
        <Flex gap={12} style={{ marginBottom: 16 }}>
          <KeywordSearch
            placeholder={t('keywordPlaceholder')}
            width={280}
            onSearch={(keyword) => projects.filter({ keyword })}
          />
        </Flex>
      }
      tableTestId="project-table"
      columns={columns}
      list={projects}
    >
      <ProjectFormModal
        dialog={dialog}
        onClose={() => setDialog(null)}
        onSaved={() => void projectsChanged()}
      />
      <ScreensDrawer owner={screensOf} onClose={() => setScreensOf(null)} />
    </ListPage>
  );
}
