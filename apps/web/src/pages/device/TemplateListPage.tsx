/** Templates (ids 8-12): list, add, edit, copy, delete, and each template's TAG table; `?templateid=` opens one. */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { App, Button, Flex, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { listTemplates, Permission, type Template } from '@hmi/contract';
import { useInvalidate } from '../../api/callQuery';
import { copyTemplate, deleteTemplate } from '../../api/templates';
import { useCan } from '../../shared/access';
import { useErrorToast } from '../../shared/errors';
import { formatTime } from '../../shared/format';
import { KeywordSearch } from '../../shared/KeywordSearch';
import { ListPage } from '../../shared/ListPage';
import { toastedByClient } from '../../shared/useBusy';
import { useConfirmAction } from '../../shared/useConfirmAction';
import { usePagedCall } from '../../shared/usePagedCall';
import { TEMPLATES_CHANGED } from '../../features/device/common/changes';
import { AlarmRulesDrawer, type AlarmRulesTemplate } from '../../features/alarm/rules/AlarmRulesDrawer';
import type { ScreenOwner } from '../../features/device/screens/owner';
import { ScreensDrawer } from '../../features/device/screens/ScreensDrawer';
import { ExpiredTag } from '../../components/ExpiredMark';
import { TemplateDrawer } from '../../features/device/templatelist/TemplateDrawer';
import { TemplateFormModal } from '../../features/device/templatelist/TemplateFormModal';

const PAGE_SIZE = 20;

export function TemplateListPage() {
  const { t } = useTranslation('template');
  const { message } = App.useApp();
  const confirm = useConfirmAction();
  const fail = useErrorToast();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<{ template: Template | null } | null>(null);
  const [alarmRulesOf, setAlarmRulesOf] = useState<AlarmRulesTemplate | null>(null);
  const [screensOf, setScreensOf] = useState<ScreenOwner | null>(null);
  const templates = usePagedCall(listTemplates, { page: 1, pageSize: PAGE_SIZE });
  const invalidate = useInvalidate();
  const templatesChanged = () => invalidate(TEMPLATES_CHANGED);

  const openId = Number(params.get('templateid'));
  const openTemplate = Number.isInteger(openId) && openId > 0 ? openId : null;
  const open = (id: number | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id === null) next.delete('templateid');
        else next.set('templateid', String(id));
        return next;
      },
      { replace: id === null },
    );

  const copy = async (template: Template) => {
    try {
      const created = await copyTemplate(template.id, undefined, { handleError: true });
      void message.success(t('copied', { name: created.name }));
      await templatesChanged();
    } catch (error) {
      fail(error);
    }
  };

  const remove = (template: Template) =>
    confirm({
      title: t('deleteTitle'),
      content: t('deleteContent', { name: template.name }),
      call: () => deleteTemplate(template.id),
      doneText: t('deleted'),
      after: templatesChanged,
      // 1037 and the rest: translated toast from the client.
      onError: toastedByClient,
    });

  const columns: ColumnsType<Template> = [
    {
      title: t('field.name'),
      dataIndex: 'name',
      render: (_, tpl) => (
        <>
          <Typography.Link onClick={() => open(tpl.id)} data-testid={`template-open-${tpl.id}`}>
            {tpl.name}
          </Typography.Link>
          {tpl.expired && <ExpiredTag kind="template" testId={`template-expired-${tpl.id}`} />}
        </>
      ),
    },
    { title: t('field.hmiModel'), dataIndex: 'hmi_model' },
    { title: t('field.version'), dataIndex: 'version' },
    { title: t('field.tagCount'), dataIndex: 'tag_count' },
    { title: t('field.deviceCount'), dataIndex: 'device_count' },
    { title: t('field.createdAt'), dataIndex: 'created_at', render: (v: number) => formatTime(v) },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, tpl) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            onClick={() => open(tpl.id)}
            data-testid={`template-tags-${tpl.id}`}
          >
            {t('tags')}
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() => setAlarmRulesOf({ id: tpl.id, name: tpl.name, expired: tpl.expired === true })}
            data-testid={`template-alarms-${tpl.id}`}
          >
            {t('alarm:rules.open')}
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() =>
              setScreensOf({
                kind: 'template',
                id: tpl.id,
                name: tpl.name,
                model: tpl.hmi_model,
                expired: tpl.expired === true,
              })
            }
            data-testid={`template-screens-${tpl.id}`}
          >
            {t('screens:open')}
          </Button>
          {/* An expired template is read-only (the server refuses with 1033): no edit or copy. */}
          {can(Permission.TEMPLATE_EDIT) && !tpl.expired && (
            <Button
              type="link"
              size="small"
              onClick={() => setEditing({ template: tpl })}
              data-testid={`template-edit-${tpl.id}`}
            >
              {t('common.edit')}
            </Button>
          )}
          {can(Permission.TEMPLATE_COPY) && !tpl.expired && (
            <Button
              type="link"
              size="small"
              onClick={() => void copy(tpl)}
              data-testid={`template-copy-${tpl.id}`}
            >
              {t('copy')}
            </Button>
          )}
          {can(Permission.TEMPLATE_DELETE) && (
            <Button
              type="link"
              size="small"
              danger
              onClick={() => remove(tpl)}
              data-testid={`template-delete-${tpl.id}`}
            >
              {t('common.delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      testId="page-templatelist"
      title={t('title')}
      add={
        can(Permission.TEMPLATE_ADD) && {
          testId: 'template-add',
          label: t('form.addTitle'),
          onClick: () => setEditing({ template: null }),
        }
      }
      toolbar={
        <Flex gap={12} style={{ marginBottom: 16 }}>
          <KeywordSearch
            placeholder={t('keywordPlaceholder')}
            width={280}
            onSearch={(keyword) => templates.filter({ keyword })}
          />
        </Flex>
      }
      tableTestId="template-table"
      columns={columns}
      list={templates}
    >
      <TemplateFormModal
        open={editing !== null}
        template={editing?.template}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          void templatesChanged();
          if (!editing?.template) open(saved.id);
        }}
      />
      <AlarmRulesDrawer template={alarmRulesOf} onClose={() => setAlarmRulesOf(null)} />
      <ScreensDrawer owner={screensOf} onClose={() => setScreensOf(null)} />
      <TemplateDrawer templateId={openTemplate} onClose={() => open(null)} />
    </ListPage>
  );
}
