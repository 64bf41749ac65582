/**
 * The alarm rules of one template (view: id 8; changes: id 11): filters by group, level, type, state
 * and keyword; add and edit; enable or disable one rule by its switch or the selected ones at once;
 * delete; alarm groups; .xlsx import with its result dialog and export.
 */
import { useCallback, useMemo, useState } from 'react';
import { App, Button, Drawer, Flex, Space, Switch, Tooltip, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined, FolderOutlined, PlusOutlined, UploadOutlined } from '../../../ui/icons';
import { useTranslation } from 'react-i18next';
import {
  ALARM_IMPORT_MAX_BYTES,
  alarmLevels,
  AlarmType,
  Permission,
  type AlarmRule,
  type AlarmTypeValue,
} from '@hmi/contract';
import {
  deleteAlarmRule,
  exportAlarmRules,
  importAlarmRules,
  listAlarmGroups,
  listAlarmRules,
  setAlarmRulesEnabled,
  type AlarmRuleQuery,
} from '../../../api/alarms';
import { getTemplateTags } from '../../../api/templates';
import { useCan } from '../../../shared/access';
import { exportExcel } from '../../../shared/exportExcel';
import { useLoad } from '../../../shared/useLoad';
import { FilterSelect } from '../../../shared/FilterSelect';
import { toastedByClient, useBusy } from '../../../shared/useBusy';
import { useConfirmAction } from '../../../shared/useConfirmAction';
import { KeywordSearch } from '../../../shared/KeywordSearch';
import { ListTable } from '../../../shared/ListTable';
import { usePagedList } from '../../../shared/usePagedList';
import { rowActionsColumn } from '../../../shared/RowActions';
import { fileToBase64 } from '../../../shared/xlsx';
import { ExpiredNotice } from '../../billing/ExpiredMark';
import { AlarmLevelTag } from '../AlarmTags';
import { AlarmGroupsModal } from './AlarmGroupsModal';
import { AlarmRuleFormModal } from './AlarmRuleFormModal';
import { ImportResultModal, type ImportResult } from './ImportResultModal';
import { ruleThreshold } from './ruleText';

const PAGE_SIZE = 20;
const alarmTypes: AlarmTypeValue[] = [AlarmType.LIMIT, AlarmType.DEVIATION, AlarmType.ON_OFF];
const quiet = { handleError: true } as const;

export interface AlarmRulesTemplate {
  id: number;
  name: string;
  /** Billing put the template out of service: its rules are read-only (the server refuses, 1033). */
  expired?: boolean;
}

export function AlarmRulesDrawer({
  template,
  onClose,
}: {
  template: AlarmRulesTemplate | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('alarm');
  // While closing, the drawer keeps showing the template it had.
  const [shown, setShown] = useState(template);
  if (template !== null && template.id !== shown?.id) setShown(template);
  return (
    <Drawer
      open={template !== null}
      onClose={onClose}
      size="min(1400px, 96vw)"
      title={shown ? t('rules.title', { name: shown.name }) : ''}
      destroyOnHidden
      data-testid="alarm-rules-drawer"
    >
      {shown && <AlarmRules key={shown.id} templateId={shown.id} expired={shown.expired === true} />}
    </Drawer>
  );
}

function AlarmRules({ templateId, expired }: { templateId: number; expired: boolean }) {
  const { t } = useTranslation('alarm');
  const { message } = App.useApp();
  const confirm = useConfirmAction();
  const can = useCan();
  const editable = can(Permission.TEMPLATE_EDIT) && !expired;
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<{ rule: AlarmRule | null } | null>(null);
  const [groupsOpen, setGroupsOpen] = useState(false);
  const { busy, run } = useBusy<'import' | 'export' | 'enable'>();
  const [imported, setImported] = useState<ImportResult | null>(null);

  const listRules = useCallback((query: AlarmRuleQuery) => listAlarmRules(templateId, query), [templateId]);
  const rules = usePagedList(listRules, { page: 1, pageSize: PAGE_SIZE });
  const fetchGroups = useCallback(
    () =>
      listAlarmGroups(templateId, quiet).then(
        (r) => r.list,
        () => [],
      ),
    [templateId],
  );
  const groups = useLoad(fetchGroups);
  const fetchTags = useCallback(
    () =>
      getTemplateTags(templateId, quiet).then(
        (r) => r.list,
        () => [],
      ),
    [templateId],
  );
  const tags = useLoad(fetchTags);
  const tagTypes = useMemo(
    () => new Map((tags.data ?? []).map((tag) => [tag.id, tag.data_type])),
    [tags.data],
  );

  const filter = (patch: Partial<AlarmRuleQuery>) => {
    setSelected([]);
    rules.filter(patch);
  };

  const reload = async () => {
    setSelected([]);
    await Promise.all([rules.reload(), groups.reload()]);
  };

  const setEnabled = (ids: number[], enabled: boolean) =>
    run('enable', async () => {
      const { changed } = await setAlarmRulesEnabled(templateId, ids, enabled, quiet);
      void message.success(t(enabled ? 'rules.enabledDone' : 'rules.disabledDone', { count: changed }));
      await reload();
    });

  const remove = (rule: AlarmRule) =>
    confirm({
      title: t('rules.deleteTitle'),
      content: t('rules.deleteContent', { name: rule.name }),
      call: () => deleteAlarmRule(rule.id),
      doneText: t('rules.deleted'),
      after: reload,
      onError: toastedByClient,
    });

  const importFile = async (file: File) => {
    if (file.size > ALARM_IMPORT_MAX_BYTES) {
      void message.error(t('validation:fileTooLarge'));
      return;
    }
    await run('import', async () => {
      const content_base64 = await fileToBase64(file);
      setImported(await importAlarmRules(templateId, { filename: file.name, content_base64 }, quiet));
      await reload();
    });
  };

  const exportFile = () =>
    run('export', () => exportExcel(() => exportAlarmRules(templateId)), toastedByClient);

  const columns: ColumnsType<AlarmRule> = [
    {
      title: t('rule.field.name'),
      dataIndex: 'name',
      render: (name: string, rule) => <span data-testid={`alarm-rule-name-${rule.id}`}>{name}</span>,
    },
    { title: t('rule.field.group'), dataIndex: 'group_name', render: (v: string | null) => v ?? '-' },
    { title: t('rule.field.level'), dataIndex: 'level', render: (v: number) => <AlarmLevelTag level={v} /> },
    { title: t('rule.field.type'), dataIndex: 'type', render: (v: string) => t(`enums.alarmType.${v}`) },
    {
      title: t('rule.field.condition'),
      key: 'condition',
      render: (_, rule) => (
        <Space size={4} wrap>
          <span>{t(`enums.alarmCondition.${rule.condition}`)}</span>
          <Typography.Text type="secondary">{ruleThreshold(rule, t)}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('rule.field.tag'),
      key: 'tag',
      render: (_, rule) => {
        const type = tagTypes.get(rule.tag_id);
        return (
          <Space size={4}>
            <span>{rule.tag_name}</span>
            {type !== undefined && (
              <Typography.Text type="secondary">({t(`enums.tagDataType.${type}`)})</Typography.Text>
            )}
          </Space>
        );
      },
    },
    {
      title: t('rule.field.content'),
      dataIndex: 'content',
      ellipsis: true,
      render: (v: string) => v || '-',
    },
    {
      title: t('rule.field.enabled'),
      dataIndex: 'enabled',
      width: 90,
      render: (enabled: boolean, rule) => (
        <Switch
          size="small"
          checked={enabled}
          disabled={!editable || busy === 'enable'}
          onChange={(next) => void setEnabled([rule.id], next)}
          data-testid={`alarm-rule-enabled-${rule.id}`}
        />
      ),
    },
    ...rowActionsColumn<AlarmRule>({
      title: t('common.actions'),
      testId: 'alarm-rule',
      onEdit: editable && ((rule) => setEditing({ rule })),
      onDelete: editable && remove,
      width: 120,
    }),
  ];

  const groupList = groups.data ?? [];

  return (
    <>
      {expired && <ExpiredNotice kind="template" />}
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        <FilterSelect<number>
          value={rules.query.group_id as number | undefined}
          allLabel={t('rules.allGroups')}
          options={groupList.map((g) => ({ value: g.id, label: g.name }))}
          onChange={(v) => filter({ group_id: v })}
          width={160}
          testId="alarm-rules-filter-group"
        />
        <FilterSelect<number>
          value={rules.query.level as number | undefined}
          allLabel={t('rules.allLevels')}
          options={alarmLevels.map((l) => ({ value: l, label: t(`enums.alarmLevel.${l}`) }))}
          onChange={(v) => filter({ level: v })}
          width={130}
          testId="alarm-rules-filter-level"
        />
        <FilterSelect<AlarmTypeValue>
          value={rules.query.type}
          allLabel={t('rules.allTypes')}
          options={alarmTypes.map((v) => ({ value: v, label: t(`enums.alarmType.${v}`) }))}
          onChange={(v) => filter({ type: v })}
          width={140}
          testId="alarm-rules-filter-type"
        />
        <FilterSelect<'0' | '1'>
          value={rules.query.enabled}
          allLabel={t('rules.allStates')}
          options={[
            { value: '1', label: t('rules.enabled') },
            { value: '0', label: t('rules.disabled') },
          ]}
          onChange={(v) => filter({ enabled: v })}
          width={130}
          testId="alarm-rules-filter-enabled"
        />
        <KeywordSearch
          placeholder={t('rules.keywordPlaceholder')}
          width={240}
          onSearch={(keyword) => filter({ keyword })}
        />
        <Space wrap style={{ marginInlineStart: 'auto' }}>
          {editable && (
            <>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditing({ rule: null })}
                data-testid="alarm-rule-add"
              >
                {t('rule.addTitle')}
              </Button>
              <Upload
                accept=".xlsx,.xls"
                showUploadList={false}
                maxCount={1}
                beforeUpload={(file) => {
                  void importFile(file);
                  return Upload.LIST_IGNORE;
                }}
              >
                <Tooltip title={t('import.tip')}>
                  <Button
                    icon={<UploadOutlined />}
                    loading={busy === 'import'}
                    data-testid="alarm-rules-import"
                  >
                    {t('common.import')}
                  </Button>
                </Tooltip>
              </Upload>
            </>
          )}
          <Button
            icon={<DownloadOutlined />}
            loading={busy === 'export'}
            onClick={() => void exportFile()}
            data-testid="alarm-rules-export"
          >
            {t('common.export')}
          </Button>
          <Button
            icon={<FolderOutlined />}
            onClick={() => setGroupsOpen(true)}
            data-testid="alarm-groups-open"
          >
            {t('group.title')}
          </Button>
        </Space>
      </Flex>
      {editable && selected.length > 0 && (
        <Flex gap={8} align="center" style={{ marginBottom: 12 }} data-testid="alarm-rules-batch">
          <Typography.Text>{t('rules.selected', { count: selected.length })}</Typography.Text>
          <Button
            size="small"
            loading={busy === 'enable'}
            onClick={() => void setEnabled(selected, true)}
            data-testid="alarm-rules-enable"
          >
            {t('rules.enable')}
          </Button>
          <Button
            size="small"
            loading={busy === 'enable'}
            onClick={() => void setEnabled(selected, false)}
            data-testid="alarm-rules-disable"
          >
            {t('rules.disable')}
          </Button>
        </Flex>
      )}
      <ListTable<AlarmRule>
        data-testid="alarm-rule-table"
        columns={columns}
        list={rules}
        scroll={{ x: 'max-content' }}
        rowSelection={
          editable
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }
            : undefined
        }
      />
      <AlarmRuleFormModal
        open={editing !== null}
        templateId={templateId}
        rule={editing?.rule ?? null}
        tags={tags.data ?? []}
        groups={groupList}
        onClose={() => setEditing(null)}
        onSaved={() => void reload()}
      />
      <AlarmGroupsModal
        open={groupsOpen}
        templateId={templateId}
        groups={groupList}
        editable={editable}
        onClose={() => setGroupsOpen(false)}
        onChanged={reload}
      />
      <ImportResultModal result={imported} onClose={() => setImported(null)} />
    </>
  );
}
