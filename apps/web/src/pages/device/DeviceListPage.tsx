/** Device list (ids 2-5): search, filters, paging, favourite star, bind / edit / unbind, labels. */
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button, Flex, Input, Select, Space, Tag, TreeSelect } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DisconnectOutlined, EditOutlined, FundProjectionScreenOutlined, TagsOutlined } from '../../ui/icons';
import { useTranslation } from 'react-i18next';
import { groupPathNames, listDevices, listLabels, Permission, type Device } from '@hmi/contract';
import { useInvalidate } from '../../api/callQuery';
import { unbindDevice } from '../../api/devices';
import { useCan } from '../../shared/access';
import { useClearable } from '../../shared/clearable';
import { IconAction } from '../../shared/IconAction';
import { ListPage } from '../../shared/ListPage';
import { toastedByClient } from '../../shared/useBusy';
import { useConfirmAction } from '../../shared/useConfirmAction';
import { FavouriteStar } from '../../features/device/common/FavouriteStar';
import { GroupPath } from '../../features/device/common/GroupPath';
import { flattenGroups, groupOptions } from '../../shared/groups';
import { useLiveDevices, useLiveReconnected } from '../../live/hooks';
import { useGroupTree, useLabels, useTemplateOptions } from '../../features/device/common/options';
import { usePagedCall } from '../../shared/usePagedCall';
import { DEVICES_CHANGED } from '../../features/device/common/changes';
import { DataGrantHint, unfiltered } from '../../components/DataGrantHint';
import { DeviceFormModal } from '../../features/device/devicelist/DeviceFormModal';
import { LabelsDrawer } from '../../features/device/devicelist/LabelsDrawer';
import { LiveOnlineBadge, liveState, SyncCell } from '../../features/device/devicelist/LiveStateCells';
import { AllocationCell, TrafficSwitchCell, useBillingOn } from '../../features/billing/DeviceListCells';
import { RemoteViewButton } from '../../features/remote/RemoteViewButton';

const PAGE_SIZE = 20;

/** The config screen (id 7) in a new tab; the tab uses the stored session, no token in its URL. */
const openScadaView = (deviceId: number) =>
  window.open(`${window.location.pathname}#/scada?device=${deviceId}`, '_blank', 'noopener');

export function DeviceListPage() {
  const { t } = useTranslation('device');
  const clearable = useClearable();
  const confirm = useConfirmAction();
  const can = useCan();
  const billingOn = useBillingOn();
  const [keyword, setKeyword] = useState('');
  const [model, setModel] = useState('');
  const [dialog, setDialog] = useState<{ device: Device | null } | null>(null);
  const [labelsOpen, setLabelsOpen] = useState(false);

  const groups = useGroupTree();
  const labels = useLabels();
  const templates = useTemplateOptions(can(Permission.DEVICE_BIND) || can(Permission.DEVICE_EDIT));
  const groupTree = useMemo(() => groups.data ?? [], [groups.data]);
  const groupRows = useMemo(() => flattenGroups(groupTree), [groupTree]);

  const invalidate = useInvalidate();
  const devicesChanged = () => invalidate(DEVICES_CHANGED);
  const devices = usePagedCall(listDevices, { page: 1, pageSize: PAGE_SIZE });
  const { query, filter } = devices;
  const pageIds = useMemo(() => (devices.data?.list ?? []).map((d) => d.id), [devices.data]);
  // The visible page's devices only: their online and sync states change in place.
  const live = useLiveDevices(pageIds);
  useLiveReconnected(() => void devices.refetch());

  const reset = () => {
    setKeyword('');
    setModel('');
    devices.reset();
  };

  const unbind = (device: Device) =>
    confirm({
      title: t('unbind.title'),
      content: t('unbind.content', { name: device.name, sn: device.sn }),
      call: () => unbindDevice(device.id),
      doneText: t('unbind.done'),
      after: devicesChanged,
      // 1091 and the rest: translated toast from the client.
      onError: toastedByClient,
    });

  const columns: ColumnsType<Device> = [
    {
      key: 'favourite',
      width: 48,
      render: (_, d) => <FavouriteStar id={d.id} value={d.favourite} />,
    },
    {
      title: t('field.name'),
      dataIndex: 'name',
      render: (_, d) => (
        <Link to={`/device/devicelist/${d.id}`} data-testid={`device-link-${d.id}`}>
          {d.name}
        </Link>
      ),
    },
    { title: t('list.snColumn'), dataIndex: 'sn' },
    { title: t('field.model'), dataIndex: 'model' },
    {
      title: t('field.group'),
      key: 'group',
      render: (_, d) => (
        <GroupPath
          names={d.group_path}
          full={d.group_id === null ? undefined : groupPathNames(d.group_id, groupRows)}
          testId={`device-group-${d.id}`}
        />
      ),
    },
    {
      title: t('field.template'),
      key: 'template',
      render: (_, d) =>
        d.template_id !== null && can(Permission.TEMPLATE_VIEW) ? (
          <Link to={`/device/templatelist?templateid=${d.template_id}`}>{d.template_name}</Link>
        ) : (
          (d.template_name ?? '-')
        ),
    },
    {
      title: t('field.labels'),
      key: 'labels',
      render: (_, d) =>
        d.labels.length ? (
          <Flex wrap gap={4} data-testid={`device-labels-${d.id}`}>
            {d.labels.map((l) => (
              <Tag key={l.id} color="blue" variant="filled" style={{ marginInlineEnd: 0 }}>
                {l.name}
              </Tag>
            ))}
          </Flex>
        ) : (
          '-'
        ),
    },
    {
      title: t('field.online'),
      key: 'online',
      render: (_, d) => {
        const s = liveState(d, live.get(d.id));
        return <LiveOnlineBadge online={s.online} at={s.onlineAt} testId={`device-online-${d.id}`} />;
      },
    },
    {
      title: t('field.sync'),
      key: 'sync',
      render: (_, d) => {
        const s = liveState(d, live.get(d.id));
        return <SyncCell device={d} sync={s.sync} online={s.online} />;
      },
    },
    // BILLING=off: no allocations and no traffic switch to show.
    ...(billingOn
      ? [
          {
            title: t('billing:device.level'),
            key: 'allocation',
            render: (_: unknown, d: Device) => <AllocationCell allocation={d.allocation} />,
          },
          {
            title: t('field.trafficSwitch'),
            key: 'traffic',
            render: (_: unknown, d: Device) => (
              <TrafficSwitchCell device={d} onChanged={() => invalidate([listDevices])} />
            ),
          },
        ]
      : []),
  ];
  if (
    can(Permission.DEVICE_EDIT) ||
    can(Permission.DEVICE_DELETE) ||
    can(Permission.DEVICE_CONFIG_SCREEN) ||
    can(Permission.DEVICE_HMI)
  )
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, d) => (
        <Space size={0}>
          <RemoteViewButton deviceId={d.id} />
          {can(Permission.DEVICE_CONFIG_SCREEN) && d.template_id !== null && (
            <IconAction
              label={t('scada:open')}
              icon={<FundProjectionScreenOutlined />}
              onClick={() => openScadaView(d.id)}
              testId={`device-scada-${d.id}`}
            />
          )}
          {can(Permission.DEVICE_EDIT) && (
            <IconAction
              label={t('common.edit')}
              icon={<EditOutlined />}
              onClick={() => setDialog({ device: d })}
              testId={`device-edit-${d.id}`}
            />
          )}
          {can(Permission.DEVICE_DELETE) && (
            <IconAction
              label={t('unbind.action')}
              icon={<DisconnectOutlined />}
              danger
              onClick={() => unbind(d)}
              testId={`device-unbind-${d.id}`}
            />
          )}
        </Space>
      ),
    });

  return (
    <ListPage
      testId="page-devicelist"
      title={t('list.title')}
      actions={
        // Labels are managed with edit (4); a viewer sees them in the table and the filter.
        can(Permission.DEVICE_EDIT) ? (
          <Button icon={<TagsOutlined />} data-testid="labels-open" onClick={() => setLabelsOpen(true)}>
            {t('labels.manage')}
          </Button>
        ) : undefined
      }
      add={
        can(Permission.DEVICE_BIND) && {
          testId: 'device-bind',
          label: t('form.bindTitle'),
          onClick: () => setDialog({ device: null }),
        }
      }
      toolbar={
        <Flex wrap gap={12} style={{ marginBottom: 16 }} data-testid="device-filters">
          <DataGrantHint empty={devices.data?.total === 0 && unfiltered(query)} style={{ width: '100%' }} />
          <Input.Search
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onSearch={(value) => filter({ keyword: value.trim() || undefined })}
            placeholder={t('list.keywordPlaceholder')}
            aria-label={t('list.keywordPlaceholder')}
            allowClear={clearable.input}
            style={{ width: 260 }}
            data-testid="device-keyword"
          />
          <TreeSelect
            value={query.group_id as number | undefined}
            onChange={(value?: number) => filter({ group_id: value ?? undefined })}
            treeData={groupOptions(groupTree)}
            allowClear={clearable.select}
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            placeholder={t('list.groupFilter')}
            aria-label={t('list.groupFilter')}
            notFoundContent={t('common.noData')}
            style={{ width: 220 }}
            data-testid="device-group-filter"
          />
          <Select
            value={query.label_id as number | undefined}
            onChange={(value?: number) => filter({ label_id: value ?? undefined })}
            options={(labels.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
            allowClear={clearable.select}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('list.labelFilter')}
            aria-label={t('list.labelFilter')}
            notFoundContent={t('common.noData')}
            style={{ width: 180 }}
            data-testid="device-label-filter"
          />
          <Select
            value={query.online as 0 | 1 | undefined}
            onChange={(value?: 0 | 1) => filter({ online: value ?? undefined })}
            options={[1, 0].map((v) => ({ value: v, label: t(`enums:deviceOnline.${v}`) }))}
            allowClear={clearable.select}
            placeholder={t('list.onlineFilter')}
            aria-label={t('list.onlineFilter')}
            style={{ width: 140 }}
            data-testid="device-online-filter"
          />
          <Input.Search
            value={model}
            onChange={(e) => setModel(e.target.value)}
            onSearch={(value) => filter({ model: value.trim() || undefined })}
            placeholder={t('list.modelFilter')}
            aria-label={t('list.modelFilter')}
            allowClear={clearable.input}
            style={{ width: 180 }}
            data-testid="device-model-filter"
          />
          <Button onClick={reset}>{t('common.reset')}</Button>
        </Flex>
      }
      tableTestId="device-table"
      size="middle"
      columns={columns}
      list={devices}
    >
      <DeviceFormModal
        open={dialog !== null}
        device={dialog?.device}
        groups={groupTree}
        labels={labels.data ?? []}
        templates={templates.data ?? []}
        onClose={() => setDialog(null)}
        onSaved={() => void devicesChanged()}
      />
      <LabelsDrawer
        open={labelsOpen}
        labels={labels.data ?? []}
        onClose={() => setLabelsOpen(false)}
        onChanged={() => invalidate([listLabels, listDevices])}
      />
    </ListPage>
  );
}
