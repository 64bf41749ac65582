/**
 * The alarm rules of one template (view: id 8; changes: id 11): filters by group, level, type, state
 * and keyword; add and edit; enable or disable one rule by its switch or the selected ones at once;
 * take one out of service until a time with a reason, or back in; delete; alarm groups; .xlsx import
 * with its result dialog and export.
 */
import { useMemo, useState } from 'react';
import { App, Button, Flex, Space, Switch, Tooltip, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined, FolderOutlined, PlusOutlined, UploadOutlined } from '../../../ui/icons';
import { useTranslation } from 'react-i18next';
import {
  getTemplateTags,
  listAlarmGroups,
  listAlarmRules,
  Permission,
  setAlarmRulesEnabled,
  type AlarmRule,
  type CallResponse,
} from '@hmi/contract';
import { deleteAlarmRule, setRuleOutOfService, type AlarmRuleQuery } from '../../../api/alarms';
import { useCallMutation, useCallQuery, useInvalidate } from '../../../api/callQuery';
import { useCan } from '../../../shared/access';
import { ItemDrawer } from '../../../shared/ItemDrawer';
import { toastedByClient, useBusy } from '../../../shared/useBusy';
import { useConfirmAction } from '../../../shared/useConfirmAction';
import { ListTable } from '../../../shared/ListTable';
import { usePagedCall } from '../../../shared/usePagedCall';
import { rowActionsColumn } from '../../../shared/RowActions';
import { ExpiredNotice } from '../../../components/ExpiredMark';
import { AlarmLevelTag } from '../AlarmTags';
import { AlarmGroupsModal } from './AlarmGroupsModal';
import { AlarmRuleFormModal } from './AlarmRuleFormModal';
import { ImportResultModal } from './ImportResultModal';
import { OfflineAlarmSetting } from './OfflineAlarmSetting';
import { useOutOfService } from '../outOfService/useOutOfService';
import { RuleFilters } from './RuleFilters';
import { useRuleTransfer } from './ruleTransfer';
import { ruleThreshold } from './ruleText';
import { RULES_CHANGED } from './changes';

const PAGE_SIZE = 20;
// Module-level: one function for every render, so the picked list keeps its identity between loads.
const groupsOf = (answer: CallResponse<typeof listAlarmGroups>) => answer.list;
const tagsOf = (answer: CallResponse<typeof getTemplateTags>) => answer.list;
// Groups and TAGs only fill pickers and a column: a failure leaves them empty without a toast.
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
  return (
    <ItemDrawer
      item={template}
      itemKey={(tpl) => tpl.id}
      title={(tpl) => t('rules.title', { name: tpl.name })}
      size="min(1400px, 96vw)"
      testId="alarm-rules-drawer"
      onClose={onClose}
    >
      {(tpl) => <AlarmRules templateId={tpl.id} expired={tpl.expired === true} />}
    </ItemDrawer>
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

  const ofTemplate = { params: { id: templateId } };
  const rules = usePagedCall(listAlarmRules, { page: 1, pageSize: PAGE_SIZE }, ofTemplate.params);
  const groups = useCallQuery(listAlarmGroups, ofTemplate, { ...quiet, select: groupsOf });
  const tags = useCallQuery(getTemplateTags, ofTemplate, { ...quiet, select: tagsOf });
  const tagTypes = useMemo(
    () => new Map((tags.data ?? []).map((tag) => [tag.id, tag.data_type])),
    [tags.data],
  );

  const filter = (patch: Partial<AlarmRuleQuery>) => {
    setSelected([]);
    rules.filter(patch);
  };

  // A change may remove or alter the selected rules: the selection ends with it.
  const clearSelection = () => setSelected([]);
  const invalidate = useInvalidate();
  const rulesChanged = async () => {
    clearSelection();
    await invalidate(RULES_CHANGED);
  };

  const { importFile, exportFile, imported, closeImported } = useRuleTransfer(
    templateId,
    run,
    clearSelection,
  );
  const oos = useOutOfService(setRuleOutOfService, rulesChanged);
  const enabler = useCallMutation(setAlarmRulesEnabled, { invalidates: RULES_CHANGED, handleError: true });

  const setEnabled = (ids: number[], enabled: boolean) =>
    run('enable', async () => {
      const { changed } = await enabler.mutateAsync({ params: { id: templateId }, body: { ids, enabled } });
      void message.success(t(enabled ? 'rules.enabledDone' : 'rules.disabledDone', { count: changed }));
      clearSelection();
    });

  const remove = (rule: AlarmRule) =>
    confirm({
      title: t('rules.deleteTitle'),
      content: t('rules.deleteContent', { name: rule.name }),
      call: () => deleteAlarmRule(rule.id),
      doneText: t('rules.deleted'),
      after: rulesChanged,
      onError: toastedByClient,
    });

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
    {
      title: t('outOfService.column'),
      key: 'oos',
      render: (_, rule) => oos.control({ kind: 'rule', id: rule.id, name: rule.name }, rule, editable),
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
      <OfflineAlarmSetting templateId={templateId} editable={editable} />
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        <RuleFilters query={rules.query} groups={groupList} onFilter={filter} />
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
        tagsLoading={tags.isLoading}
        groups={groupList}
        onClose={() => setEditing(null)}
        onSaved={clearSelection}
      />
      <AlarmGroupsModal
        open={groupsOpen}
        templateId={templateId}
        groups={groupList}
        editable={editable}
        onClose={() => setGroupsOpen(false)}
        onChanged={clearSelection}
      />
      <ImportResultModal result={imported} onClose={closeImported} />
      {oos.dialog}
    </>
  );
}
